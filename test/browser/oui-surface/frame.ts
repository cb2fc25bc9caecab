// The page inside the frame of iframe.test.ts: an <oui-surface> whose transport is postMessage to the parent,
// at the parent origin the test names in the query (`parent`), with the surface id it names (`id`).
import '../../../elements/oui-surface/index.js';
import { createPostMessageTransport } from '../../../src/oui/index.js';

const query = new URLSearchParams(location.search);
const el = document.querySelector('oui-surface')!;
const titles: string[] = [];
const form = el.querySelector('form')!;
form.addEventListener('submit', (e) => {
  e.preventDefault();
  titles.push(String(new FormData(form).get('title')));
  el.setObservation('titles', [...titles]);
});
el.surface = {
  id: query.get('id') ?? 'framed-list',
  name: 'Framed todos',
  description: 'A todo list in a frame',
  actions: [],
  observations: [{ id: 'titles', description: 'The titles added', schema: { type: 'array' } }],
};
el.transport = createPostMessageTransport({ target: window.parent, targetOrigin: query.get('parent')!, listen: window });
