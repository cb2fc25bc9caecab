// The pictures docs/op-stream.md shows of how <morph-screen> degrades: an answer that went wrong in places (a
// refused part, values and a span the format doesn't define, a Chart whose data was refused, a picture that
// failed to load, a link that can't be opened, a part that never arrived), drawn in headless Chromium from the
// script-tag build, in light and in dark. Writes docs/images/morph-degrades-{light,dark}.png, the files the guide
// and the docs site show; run it again when the fallbacks change. `--out DIR` writes elsewhere (and adds the
// interactive components' frames and task marks, for a person to look at).
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

const line = (o) => `${JSON.stringify(o)}\n`;
const t = (v) => [{ t: 'text', v }];
/** What went wrong, in one answer; the input stops without its end op, as a cut-off stream does. */
const degrades = [
  { op: 'node', id: '0', type: 'h', attrs: { level: '2' }, spans: 'Quarterly review' },
  { op: 'node', id: '1', type: 'p', spans: [...t('Revenue is '), { t: 'blink', c: t('up 12%') }, ...t(' on last quarter (a span of an unknown type, shown as its words).')] },
  { op: 'node', id: '2', type: 'h', attrs: { level: '7' }, spans: 'A heading of level 7, drawn at level 6' },
  { op: 'node', id: '3', type: 'div', spans: 'A type the format refuses' },
  { op: 'open', id: '4', type: 'ul' },
  { op: 'node', id: '4.0', type: 'li', attrs: { task: 'done' }, spans: 'Book the venue' },
  { op: 'node', id: '4.1', type: 'li', attrs: { task: 'open' }, spans: 'Send the invitations' },
  { op: 'node', id: '4.2', type: 'li', attrs: { task: 'todo' }, spans: 'Order catering (task "todo": an ordinary item)' },
  { op: 'close', id: '4' },
  { op: 'open', id: '5', type: 'Card', attrs: { title: 'Sales by region' } },
  { op: 'open', id: '5.0', type: 'Chart', attrs: { type: 'bar' } },
  { op: 'close', id: '5.0', data: { columns: 'Region, Sales', rows: [] } },
  { op: 'node', id: '5.1', type: 'p', spans: 'The Chart’s data was refused; the rest of the Card is drawn.' },
  { op: 'close', id: '5' },
  { op: 'node', id: '6', type: 'Gallery', attrs: { title: 'Site photos' }, data: { images: [{ src: 'http://127.0.0.1:9/office.png', alt: 'The new office at dawn' }, { alt: 'a picture without a source: left out' }] } },
  { op: 'node', id: '7', type: 'Button', attrs: { href: 'mailto:sales@example.com' }, spans: 'Email sales' },
  { op: 'node', id: '8', type: 'p', spans: 'Everything after a refused part is still drawn.' },
  { op: 'open', id: '9', type: 'Chart', attrs: { title: 'Forecast' } },
];
/** The interactive components' frames and the task marks, for a person to look at (with --out). */
const components = [
  { op: 'open', id: '0', type: 'ul' },
  { op: 'node', id: '0.0', type: 'li', attrs: { task: 'done' }, spans: 'Book the venue' },
  { op: 'node', id: '0.1', type: 'li', attrs: { task: 'open' }, spans: 'Send the invitations' },
  { op: 'close', id: '0' },
  { op: 'open', id: '1', type: 'Quiz', attrs: { title: 'Check yourself' } },
  { op: 'node', id: '1.0', type: 'Question', attrs: { q: 'Largest planet?' }, data: { items: ['Mars', 'Jupiter'], answer: 1 } },
  { op: 'close', id: '1' },
  { op: 'node', id: '2', type: 'Poll', attrs: { q: 'Lunch?', options: 'Soup|Salad|Soup' } },
  { op: 'node', id: '3', type: 'Checklist', attrs: { title: 'Packing' }, data: { checks: [{ done: true, c: 'Passport' }, { done: false, c: 'Charger' }] } },
  { op: 'node', id: '4', type: 'Flashcards', attrs: { title: 'Capitals' }, data: { items: ['France :: Paris'] } },
  { op: 'open', id: '5', type: 'WhatIf', attrs: { title: 'Budget' } },
  { op: 'node', id: '5.0', type: 'Slider', attrs: { label: 'Per night', name: 'night', min: '0', max: '400', value: '140', unit: '€' } },
  { op: 'node', id: '5.1', type: 'Result', attrs: { label: 'Week', unit: '€' }, data: { formula: ['night', 7, '*'], value: 980 } },
  { op: 'close', id: '5' },
  { op: 'open', id: '6', type: 'Form', attrs: { title: 'Newsletter' } },
  { op: 'node', id: '6.0', type: 'Input', attrs: { label: 'Email', type: 'email', required: true } },
  { op: 'node', id: '6.1', type: 'p', spans: [...t('Ready? '), { t: 'el', type: 'Button', c: t('Subscribe') }] },
  { op: 'close', id: '6' },
  { op: 'end', complete: true, truncated: false },
];

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>morph-screen</title>
<script type="module" src="/cdn/agentic-elements.js"></script></head>
<body style="margin:0"><morph-screen style="display:block;width:680px;padding:16px"></morph-screen></body></html>`;
const { tab, close } = await openBenchPage({ html: page });
try {
  await tab.waitForFunction(() => customElements.get('morph-screen'));
  const shots = [['morph-degrades', degrades.map(line).join(''), false]];
  if (extra) shots.push(['morph-components', components.map(line).join(''), true]);
  for (const [name, text, ended] of shots) {
    for (const theme of ['light', 'dark']) {
      await tab.evaluate(
        async ({ text, theme, ended }) => {
          const el = document.querySelector('morph-screen');
          el.theme = theme;
          document.body.style.background = theme === 'dark' ? '#11151c' : '#ffffff';
          el.reset();
          el.write(text);
          if (!ended) el.end();
          // Drawn, the picture that fails has failed, nothing waits for a later task.
          for (let i = 0; i < 200; i++) {
            await new Promise((r) => setTimeout(r, 25));
            const root = el.shadowRoot;
            if (!root.querySelector('img') && !root.querySelector('.shimmer') && !el.isUpdatePending) break;
          }
        },
        { text, theme, ended },
      );
      await tab.locator('morph-screen').screenshot({ path: join(out, `${name}-${theme}.png`) });
      console.log(`wrote ${join(out, `${name}-${theme}.png`)}`);
    }
  }
} finally {
  await close();
}
