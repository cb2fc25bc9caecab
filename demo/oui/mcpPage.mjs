// The page's end of the OUI MCP example (demo/oui/mcpServer.mjs): a Socket.IO connection that says which page
// (tab) it is, hears whether its surfaces are the ones the agent is offered, and leaves when the page does.
//
//   import { io } from 'socket.io-client';
//   const page = connectOuiPage(io, 'http://127.0.0.1:3335', { token, title: document.title, onStatus: show });
//   const transport = createWebSocketTransport(page.socket);   // then a surface runtime (or <oui-surface>) on it
//
// Identity: a random id kept in sessionStorage, which belongs to one tab and survives its reloads, so a reload is
// the same page and a second tab is another. A reload races its own leave: the old document's pagehide message
// may reach the server after the new document connected, with the same id, while the old connection still looks
// alive, which is also how a duplicated tab (its storage copied) looks. So the leaving document writes in the
// tab's storage that it left, and the next document of the tab reads (and removes) that word and says it takes
// the page over (`resume`); a duplicated tab, copied from a page still open, finds no such word. Each document
// also sends an id of its own (`load`), so its socket reconnecting is known as itself. Status: `{state: 'active'}` when this page's surfaces are the
// agent's tools, `{state: 'replaced', by}` when a newer page took its place (this page stays connected, and
// becomes active again when that one leaves). Leaving: on `pagehide` the page says so and disconnects, so the
// server drops it at once and its surfaces answer that they are gone; a page restored from the back/forward
// cache (`pageshow` persisted) connects again.

const STORAGE_KEY = 'oui-page-id';
const LEFT_KEY = 'oui-page-left';

function newPageId() {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `page-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Connects a page. `io` is Socket.IO's client function. Options: `token` (the server's page token), `title`,
 * `namespace` (default `oui`), `storage` (default sessionStorage), `events` (default the window: `pagehide` and
 * `pageshow` are heard there), `socketOptions` (more options for `io()`), `onStatus(status)`.
 * Returns `{socket, pageId, leave()}` (`pageId` changes once if the server finds this tab a duplicate).
 */
export function connectOuiPage(io, url, options = {}) {
  const { token, title = '', namespace = 'oui', storage = globalThis.sessionStorage, events = globalThis, socketOptions = {}, onStatus = () => {} } = options;
  let pageId = null;
  let resume = false;
  try {
    pageId = storage?.getItem(STORAGE_KEY) ?? null;
    if (!pageId) {
      pageId = newPageId();
      storage?.setItem(STORAGE_KEY, pageId);
    }
    resume = claim();
  } catch {
    // Storage refused (a sandboxed frame): this load is its own page.
    pageId ??= newPageId();
  }
  /** Whether the document before this one in the tab left this page (and so this one takes it over); read once. */
  function claim() {
    const left = storage?.getItem(LEFT_KEY) === pageId;
    if (left) storage?.removeItem?.(LEFT_KEY);
    return left;
  }
  const load = newPageId();
  const socket = io(url, { ...socketOptions, auth: { token, page: pageId, load, resume, title: String(title).slice(0, 200) } });
  // A duplicated tab starts with a copy of its opener's storage, so its id: the server gives it one of its own.
  socket.on(`${namespace}:page:id`, (message) => {
    if (typeof message?.page !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(message.page)) return;
    pageId = message.page;
    socket.auth = { ...socket.auth, page: pageId };
    try {
      storage?.setItem(STORAGE_KEY, pageId);
    } catch {
      // Kept for this load only.
    }
  });
  socket.on(`${namespace}:page:active`, () => onStatus({ state: 'active' }));
  socket.on(`${namespace}:page:replaced`, (message) => onStatus({ state: 'replaced', by: typeof message?.by === 'string' ? message.by : null }));

  const leave = () => {
    if (!socket.connected) return;
    try {
      storage?.setItem(LEFT_KEY, pageId);
    } catch {
      // Unsaid: the next document of this tab will be a page of its own if it wins the race.
    }
    socket.emit(`${namespace}:page:leave`);
    socket.disconnect();
  };
  const back = (event) => {
    if (!event.persisted) return;
    let again = false;
    try {
      again = claim();
    } catch {
      // As above.
    }
    socket.auth = { ...socket.auth, resume: again };
    socket.connect();
  };
  events?.addEventListener?.('pagehide', leave);
  events?.addEventListener?.('pageshow', back);
  return {
    socket,
    get pageId() {
      return pageId;
    },
    leave,
  };
}
