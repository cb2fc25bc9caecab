// Fast sources don't freeze the page (issue 17, item 4): whatever delivers the answer (a ReadableStream, an async
// iterable, an array, a string, a Response) and however much of it is there at once, stream() writes it a budget
// at a time and gives the page a task boundary between budgets. No timing is asserted: the mechanism is (turns
// taken, writes spread over tasks); bench/morph.mjs measures the longest task and the frames painted.
import { expect } from '@open-wc/testing';
import { PacedWriter } from '../../../elements/shared/screen/pacing.js';
import { DRAW_MS, TaskBudget, taskBudget, type BudgetClock } from '../../../elements/morph-screen/model/taskBudget.js';
import { describe, it } from './mocha.js';
import { mount, op, settle } from './helpers.js';

/**
 * A clock the test moves by hand, and task boundaries it can see: `task` goes up each time one of its tasks
 * runs, so writes that note it show which task they were made in.
 */
function manualClock(): BudgetClock & { task: number; time: number } {
  const clock = {
    task: 0,
    time: 0,
    now: () => clock.time,
    nextTask: () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          clock.task++;
          resolve();
        }, 0),
      ),
  };
  return clock;
}

/** How many writes each task made, in order. */
function perTask(tasks: number[]): number[] {
  const out: number[] = [];
  tasks.forEach((t, i) => (i > 0 && t === tasks[i - 1] ? out[out.length - 1]!++ : out.push(1)));
  return out;
}

const OPS = 20_000;
/** A 20,000-op answer as one line per op: paragraphs, some streamed in spans ops. */
function answer(): string[] {
  const lines: string[] = [];
  let id = 0;
  while (lines.length < OPS - 1) {
    const n = String(id++);
    if (id % 5 === 0) {
      lines.push(op({ op: 'open', id: n, type: 'p' }), op({ op: 'spans', id: n, spans: `Paragraph ${n}, half` }), op({ op: 'spans', id: n, spans: `Paragraph ${n}, whole.` }), op({ op: 'close', id: n }));
    } else lines.push(op({ op: 'node', id: n, type: 'p', spans: `Paragraph ${n}.` }));
  }
  lines.push(op({ op: 'end', complete: true, truncated: false }));
  return lines;
}

const sources: Record<string, (lines: string[]) => unknown> = {
  'a ReadableStream with every chunk enqueued': (lines) =>
    new ReadableStream<string>({
      start(c) {
        for (const l of lines) c.enqueue(l);
        c.close();
      },
    }),
  'an async iterable that never waits': (lines) =>
    (async function* () {
      for (const l of lines) yield l;
    })(),
  'an array of chunks': (lines) => lines,
  'a whole string': (lines) => lines.join(''),
  'a Response': (lines) => new Response(lines.join('')),
};

describe('morph-screen: fast sources don’t freeze the page', function (this: Mocha.Suite) {
  this.timeout(120000);

  it('the writer’s budget is the task’s: chunks arriving one microtask after another share it, and it yields between budgets', async () => {
    const clock = manualClock();
    const tasks: number[] = [];
    // Each write takes 4 ms of the clock: an 8 ms budget holds three writes (at 0, 4 and 8 ms), then a turn.
    const writer = new PacedWriter(() => {
      tasks.push(clock.task);
      clock.time += 4;
    }, new TaskBudget(clock));
    // As a stream whose chunks are all there: one push per microtask, all in one task.
    for (let i = 0; i < 10; i++) {
      writer.push(`chunk ${i}\n`);
      await Promise.resolve();
    }
    await writer.done();
    expect(perTask(tasks)).to.deep.equal([3, 3, 3, 1]);
  });

  it('a budget window ends with its task: a chunk arriving in a later task is written at once', async () => {
    const clock = manualClock();
    const tasks: number[] = [];
    const writer = new PacedWriter(() => {
      tasks.push(clock.task);
      clock.time += 9;
    }, new TaskBudget(clock));
    writer.push('a\n');
    await writer.done();
    // Later tasks pass (the window's own end among them), as when network chunks arrive.
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    const before = clock.task;
    writer.push('b\n');
    expect(tasks, 'written in the task it arrived in, with a fresh budget').to.deep.equal([0, before]);
    await writer.done();
  });

  it('drawing past the task’s budget waits for a later task, in order, as many per task as fit', async () => {
    const clock = manualClock();
    const budget = new TaskBudget(clock);
    expect(budget.mayDraw()).to.equal(true);
    clock.time += DRAW_MS + 1;
    expect(budget.mayDraw(), 'the task’s drawing time is spent').to.equal(false);
    // Five drawings put off; each takes 10 ms of the clock, so two fit in a task.
    for (let i = 0; i < 5; i++) budget.drew(10);
    const drawn: [number, number][] = [];
    const waits = [0, 1, 2, 3, 4].map((i) => budget.later().then(() => void drawn.push([i, clock.task])));
    await Promise.all(waits);
    expect(drawn.map(([i]) => i), 'in the order they were put off').to.deep.equal([0, 1, 2, 3, 4]);
    expect(new Set(drawn.map(([, t]) => t)).size, 'over more than one later task').to.be.greaterThan(1);
    expect(drawn.every(([, t]) => t > 0), 'none in the task that put them off').to.equal(true);
  });

  it('a chart’s first picture starts only early in a task, and nothing else draws after it in that task', async () => {
    const clock = manualClock();
    const budget = new TaskBudget(clock);
    expect(budget.mayStartHeavy()).to.equal(true);
    expect(budget.mayDraw()).to.equal(false);
    expect(budget.mayStartHeavy(), 'one per task').to.equal(false);
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(budget.mayStartHeavy(), 'a later task starts another').to.equal(true);
  });

  it('a chart’s first picture waits while an answer is being written, and starts once it has caught up', async () => {
    const clock = manualClock();
    const budget = new TaskBudget(clock);
    budget.writing(true);
    expect(budget.mayStartHeavy(), 'not while writing').to.equal(false);
    let started = false;
    const turn = budget.heavyTurn().then(() => (started = true));
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    expect(started, 'still writing: still waiting').to.equal(false);
    budget.writing(false);
    await turn;
    expect(started).to.equal(true);
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(budget.mayStartHeavy(), 'caught up, early in a task').to.equal(true);
  });

  it('a chunk pushed in the same task as a drain that finished at once is written too', () => {
    const budget = new TaskBudget(manualClock());
    const out: string[] = [];
    const writer = new PacedWriter((c) => out.push(c as string), budget);
    writer.push('a');
    writer.push('b');
    writer.push('c');
    // Before: the finished drain was still taken for a running one until a microtask later, and 'b' and 'c' waited forever.
    expect(out).to.deep.equal(['a', 'b', 'c']);
    expect(writer.pending).to.equal(false);
  });

  /** Spends this task's budget, as a task that has already written and drawn a lot would have. */
  const spendTheTask = () => {
    taskBudget.elapsed();
    const from = performance.now();
    while (performance.now() - from <= DRAW_MS + 1) {
      // busy, as the page's own loop would be
    }
  };

  it('write() in a task that has spent its budget is read in the next tasks, in order; updateComplete waits for it, and end() ends after it', async () => {
    const screen = await mount('', {}, { end: false });
    const ends: unknown[] = [];
    screen.addEventListener('morph-end', (e) => ends.push(e));
    spendTheTask();
    screen.write(op({ op: 'node', id: '0', type: 'p', spans: 'First.' }));
    screen.write(op({ op: 'node', id: '1', type: 'p', spans: 'Second.' }));
    screen.end();
    // Nothing read in this task: the page's loop got its task back at once.
    expect(screen.document.size).to.equal(0);
    expect(ends).to.deep.equal([]);
    await screen.updateComplete;
    expect(screen.document.roots).to.deep.equal(['0', '1']);
    expect(ends.length, 'morph-end once, after the last line').to.equal(1);
    await settle(screen);
    expect([...screen.shadowRoot!.querySelectorAll('morph-node p')].map((p) => p.textContent)).to.deep.equal(['First.', 'Second.']);
    screen.remove();
  });

  it('write() in a fresh task is read at once, as before', async () => {
    const screen = await mount('', {}, { end: false });
    await new Promise((r) => setTimeout(r, 0));
    screen.write(op({ op: 'node', id: '0', type: 'p', spans: 'Now.' }));
    expect(screen.document.roots).to.deep.equal(['0']);
    let ended = false;
    screen.addEventListener('morph-end', () => (ended = true));
    screen.end();
    expect(ended, 'morph-end at once').to.equal(true);
    screen.remove();
  });

  it('a reset() or a new stream() drops what write() put off: nothing of the old answer is read into the new one', async () => {
    const screen = await mount('', {}, { end: false });
    spendTheTask();
    screen.write(op({ op: 'node', id: '0', type: 'p', spans: 'Old answer.' }));
    screen.end();
    screen.reset();
    await screen.updateComplete;
    expect(screen.document.size).to.equal(0);
    spendTheTask();
    screen.write(op({ op: 'node', id: '0', type: 'p', spans: 'Old again.' }));
    await screen.stream([op({ op: 'node', id: '0', type: 'p', spans: 'New.' }), op({ op: 'end', complete: true, truncated: false })]);
    await settle(screen);
    expect([...screen.shadowRoot!.querySelectorAll('morph-node p')].map((p) => p.textContent)).to.deep.equal(['New.']);
    screen.remove();
  });

  it('write() per line, 20,000 lines in one task: the task reads only its budget, the rest follows in later tasks, all of it', async () => {
    const screen = await mount('', {}, { end: false });
    const lines = answer();
    await new Promise((r) => setTimeout(r, 0));
    for (const line of lines) screen.write(line);
    const readInTheTask = screen.document.size;
    expect(readInTheTask, 'the loop’s task read part of it, not all').to.be.lessThan(Number(lines.length));
    await screen.updateComplete;
    await settle(screen);
    expect(screen.document.end?.complete).to.equal(true);
    expect(screen.document.size).to.equal(Number(screen.document.roots.at(-1)) + 1);
    screen.remove();
  });

  for (const [kind, make] of Object.entries(sources)) {
    it(`${kind}: a 20,000-op answer is written with turns for the page between budgets, all of it`, async () => {
      const screen = await mount('', {}, { end: false });
      const lines = answer();
      // The page's budget, which stream()'s writer waits on: each time it waited for a later task is counted.
      let turns = 0;
      const passed = taskBudget.passed.bind(taskBudget);
      taskBudget.passed = () => {
        turns++;
        passed();
      };
      try {
        await screen.stream(make(lines) as Parameters<typeof screen.stream>[0]);
      } finally {
        taskBudget.passed = passed;
      }
      await settle(screen);
      expect(turns, 'the writer gave the page turns while it wrote the answer').to.be.greaterThan(0);
      expect(screen.document.end?.complete).to.equal(true);
      expect(screen.document.size).to.equal(Number(screen.document.roots.at(-1)) + 1);
      expect(screen.issues.length).to.equal(0);
      screen.remove();
    });
  }
});
