// The pictures docs/axstream.md shows of how <ax-runner> degrades, drawn in headless Chromium from the script-tag
// build, in light and in dark:
//  - ax-endings-{light,dark}.png: how a burst can end short of done, one runner each: a step that failed (the
//    steps after it not done), a risky step refused, a reply cut off in the middle of a line, a reply with no
//    fence, a reply without observe or done, and a target that matched two elements;
//  - ax-long-burst-{light,dark}.png: the log of a 1,000-step burst, folded round the latest steps, with lines
//    skipped (two unreadable, and the ones past the 1,000-step limit, its done among them).
// Writes them to docs/images/ (what the guide and the docs site show); run it again when the view changes.
// `--out DIR` writes elsewhere (and adds the 1,000 steps shown in full, for a person to look at).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from '../ensure-build.mjs';
import { openBenchPage } from '../../bench/benchPage.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const at = process.argv.indexOf('--out');
const out = at >= 0 ? resolve(process.argv[at + 1]) : join(root, 'docs', 'images');
const extra = at >= 0;
await mkdir(out, { recursive: true });
await ensureBuild({ quiet: true });

const line = (o) => JSON.stringify(o);
const act = (fields) => line({ op: 'act', ...fields });
const fence = (...lines) => ['```jsonl', ...lines, '```', ''].join('\n');
const byName = (role, title) => ({ ax: { role, title } });

/** Each ending: a caption, the runner's policy, and the reply it is given. */
const endings = [
  {
    caption: 'A step failed: the steps after it were not done',
    policy: 'allow',
    reply: `Saving the note.\n${fence(act({ do: 'click', target: byName('textbox', 'Note') }), act({ do: 'type', text: 'Buy milk' }), act({ do: 'click', target: byName('button', 'Publish') }), act({ do: 'wait', ms: 0 }), '{"op":"done","status":"success"}')}`,
  },
  {
    caption: 'A risky step refused (policy refuse)',
    policy: 'refuse',
    reply: `Deleting the note.\n${fence(act({ do: 'click', target: byName('button', 'Delete note'), risk: 'risky' }), '{"op":"done","status":"success"}')}`,
  },
  {
    caption: 'The reply was cut off in the middle of a line',
    policy: 'allow',
    reply: `Typing the note.\n\`\`\`jsonl\n${act({ do: 'click', target: byName('textbox', 'Note') })}\n${act({ do: 'type', text: 'Call the bank' })}\n{"op":"act","do":"click","target":{"ax":{"ti`,
  },
  { caption: 'The reply had no fence', policy: 'allow', reply: 'The note is already saved, there is nothing to do.\n' },
  {
    caption: 'The reply ended without observe or done',
    policy: 'allow',
    reply: `Adding a line.\n${fence(act({ do: 'click', target: byName('textbox', 'Note') }), act({ do: 'type', text: ' and eggs' }))}`,
  },
  {
    caption: 'A target that matched two elements equally well',
    policy: 'allow',
    reply: `Opening the note.\n${fence(act({ do: 'click', target: { ax: { title: 'Open' } } }), '{"op":"observe"}')}`,
  },
];

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ax-runner</title>
<script type="module" src="/cdn/agentic-elements.js"></script>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; }
  #shot { inline-size: 640px; padding: 16px; display: grid; gap: 14px; }
  .case { display: grid; gap: 6px; }
  .case h2 { margin: 0; font-size: 13px; font-weight: 600; }
  .app { display: flex; gap: 6px; align-items: center; font-size: 13px; }
  body.dark { background: #11151c; color: #e6e9ef; color-scheme: dark; }
</style></head><body><div id="shot"></div></body></html>`;

const { tab, close } = await openBenchPage({ html: page });
try {
  tab.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
  await tab.waitForFunction(() => customElements.get('ax-runner'));
  for (const theme of ['light', 'dark']) {
    // The endings, one runner each, with the small app it acts on.
    await tab.evaluate(
      async ({ endings, theme }) => {
        document.body.className = theme;
        const shot = document.getElementById('shot');
        shot.replaceChildren();
        for (const c of endings) {
          const box = document.createElement('section');
          box.className = 'case';
          const h = document.createElement('h2');
          h.textContent = c.caption;
          const app = document.createElement('div');
          app.className = 'app';
          const label = document.createElement('label');
          label.append('Note ', document.createElement('input'));
          const del = document.createElement('button');
          del.textContent = 'Delete note';
          const open1 = document.createElement('button');
          open1.textContent = 'Open';
          const open2 = document.createElement('a');
          open2.href = '#open';
          open2.textContent = 'Open';
          app.append(label, del, open1, open2);
          const runner = document.createElement('ax-runner');
          runner.setAttribute('theme', theme);
          runner.policy = c.policy;
          runner.scope = app;
          box.append(h, app, runner);
          shot.append(box);
          await runner.stream(c.reply);
          await runner.updateComplete;
        }
        await new Promise((r) => setTimeout(r, 300));
      },
      { endings, theme },
    );
    await tab.locator('#shot').screenshot({ path: join(out, `ax-endings-${theme}.png`) });
    console.log(`wrote ${join(out, `ax-endings-${theme}.png`)}`);

    // A thousand steps, folded round the latest.
    await tab.evaluate(async (theme) => {
      const shot = document.getElementById('shot');
      shot.replaceChildren();
      const app = document.createElement('div');
      app.className = 'app';
      const b = document.createElement('button');
      b.textContent = 'Add a guest';
      app.append(b);
      const runner = document.createElement('ax-runner');
      runner.setAttribute('theme', theme);
      runner.policy = 'allow';
      runner.scope = app;
      shot.append(app, runner);
      const lines = Array.from({ length: 1003 }, (_, i) =>
        i % 2 ? JSON.stringify({ op: 'act', do: 'wait', ms: 0 }) : JSON.stringify({ op: 'act', do: 'click', target: { ax: { role: 'button', title: 'Add a guest' } } }),
      );
      lines.splice(10, 0, '{"op":"act","do":"wait"}', '{"op":"click"');
      await runner.stream(`Adding the guests one by one.\n\`\`\`jsonl\n${lines.join('\n')}\n{"op":"done","status":"success"}\n\`\`\`\n`);
      await runner.updateComplete;
      await new Promise((r) => setTimeout(r, 300));
    }, theme);
    await tab.locator('#shot').screenshot({ path: join(out, `ax-long-burst-${theme}.png`) });
    console.log(`wrote ${join(out, `ax-long-burst-${theme}.png`)}`);

    if (extra) {
      // Every step shown, for a person to look at the whole list.
      await tab.evaluate(async () => {
        const runner = document.querySelector('ax-runner');
        runner.shadowRoot.querySelector('[part~="steps-toggle"]').click();
        while (runner.shadowRoot.querySelectorAll('li').length < 1000) await new Promise((r) => requestAnimationFrame(r));
        await new Promise((r) => setTimeout(r, 300));
      });
      // The top and the end of the list, each a screenful, scrolled to as a person would (steps out of view are
      // drawn when they come into view).
      for (const part of ['top', 'end']) {
        await tab.evaluate(async (part) => {
          window.scrollTo(0, part === 'top' ? 0 : document.documentElement.scrollHeight);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }, part);
        const path = join(out, `ax-long-burst-all-${part}-${theme}.png`);
        await tab.screenshot({ path, clip: { x: 0, y: 0, width: 672, height: 900 } });
        console.log(`wrote ${path}`);
      }
      await tab.evaluate(() => window.scrollTo(0, 0));
    }
  }
} finally {
  await close();
}
