// The playground page's markup: the controls, the stream's text, the stage where its element draws it, and the
// issues by line. site/playground/ makes it work; a format whose element this build lacks is offered disabled.
import { html } from './html.mjs';

/** The four formats: the select's value, its name, and the element that draws or runs it. */
export const FORMATS = [
  { id: 'omni-ir', name: 'Omni-IR', tag: 'omni-screen', guide: 'omni-ir' },
  { id: 'op-stream', name: 'Op stream', tag: 'morph-screen', guide: 'op-stream' },
  { id: 'axstream', name: 'axstream', tag: 'ax-runner', guide: 'axstream' },
  { id: 'oui', name: 'OUI events', tag: 'oui-surface', guide: 'oui' },
];

export function playgroundBody({ elements }) {
  return html`<h1>Playground</h1>
<p class="lede">Paste or type a stream in any of the four formats, then play it into its element at the speed you choose: it draws (or runs) line by line, as it would while a model writes it, and every issue is listed by its line.</p>
<ul class="format-notes">
  <li><strong>Omni-IR</strong> draws in <code>&lt;omni-screen&gt;</code>, with a <code>payments.confirm</code> tool registered (a press asks first, then shows a made-up receipt).</li>
  <li><strong>Op stream</strong> draws an answer document in <code>&lt;morph-screen&gt;</code>.</li>
  <li><strong>axstream</strong> runs in <code>&lt;ax-runner&gt;</code> against a small sample page shown above it: a newsletter form. Risky steps ask you first.</li>
  <li><strong>OUI events</strong>: each line is an event the agent sends, <code>{"type": "action:request", "payload": {…}}</code>, delivered to an <code>&lt;oui-surface&gt;</code> holding a small to-do list (actions <code>add_todo</code> and <code>clear_all</code>). The agent's side of the conversation, the results, is shown under it.</li>
</ul>
<div class="pg-controls" role="group" aria-label="Playback">
  <div class="control">
    <label for="pg-format">Format</label>
    <select id="pg-format">
      ${FORMATS.map((f) => html`<option value="${f.id}" data-tag="${f.tag}"${elements.has(f.tag) ? '' : html` disabled`}>${f.name}${elements.has(f.tag) ? '' : ` (needs <${f.tag}>, not in this build)`}</option>`)}
    </select>
  </div>
  <button type="button" id="pg-sample">Load the sample</button>
  <div class="control">
    <label for="pg-speed">Speed</label>
    <input type="range" id="pg-speed" min="5" max="5000" step="5" value="300" aria-describedby="pg-speed-value" />
    <output id="pg-speed-value" for="pg-speed">300 characters a second</output>
  </div>
  <button type="button" id="pg-play" class="primary">Play</button>
  <button type="button" id="pg-reset">Reset</button>
</div>
<div class="pg-panes">
  <section class="pg-pane" aria-labelledby="pg-input-title">
    <h2 id="pg-input-title">Stream</h2>
    <label for="pg-input" class="hint">The text a model would write. Editing it starts over.</label>
    <textarea id="pg-input" spellcheck="false" autocomplete="off" rows="18"></textarea>
    <p id="pg-progress" class="hint">Nothing played yet.</p>
  </section>
  <section class="pg-pane" aria-labelledby="pg-output-title">
    <h2 id="pg-output-title">Result</h2>
    <div id="pg-stage" class="pg-stage"></div>
  </section>
</div>
<section aria-labelledby="pg-issues-title" class="pg-issues">
  <h2 id="pg-issues-title">Issues by line</h2>
  <p id="pg-issue-count" role="status">No issues.</p>
  <ol id="pg-issues"></ol>
</section>`;
}
