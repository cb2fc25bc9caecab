// Runs Omni-IR transport cases (omni-ir/transport/*.json of the conformance suite given to run.mjs, FORMAT.md "Transport cases")
// against the engine's SSE generate client. Each case is answered by a fake fetch, delivered whole, part by part,
// and again in reads of 1, 5 and 13 UTF-8 bytes; every delivery must give the expected written text, ended
// flag and outcome.
import { loadEngine } from '../../bin/loadEngine.mjs';

/** The engine, loaded as every Node script of the project loads it (bin/loadEngine.mjs). */
export const loadTransport = () => loadEngine();

const encoder = new TextEncoder();

function bodyParts(body) {
  if (typeof body === 'string') return [body];
  if (Array.isArray(body)) return body.map((p) => (typeof p === 'string' ? p : p.repeat.repeat(p.times)));
  return [];
}

/** The ways one body is delivered: each a list of byte reads. */
function deliveries(body) {
  const parts = bodyParts(body);
  const all = encoder.encode(parts.join(''));
  const sized = (n) => {
    const reads = [];
    for (let i = 0; i < all.length; i += n) reads.push(all.slice(i, i + n));
    return reads;
  };
  return [
    { name: 'whole', reads: all.length ? [all] : [] },
    { name: 'parts', reads: parts.map((p) => encoder.encode(p)).filter((b) => b.length) },
    { name: '1-byte reads', reads: sized(1) },
    { name: '5-byte reads', reads: sized(5) },
    { name: '13-byte reads', reads: sized(13) },
  ];
}

function fakeFetch(status, reads) {
  return async () => {
    const ok = status >= 200 && status <= 299;
    let i = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (i < reads.length) controller.enqueue(reads[i++]);
        else controller.close();
      },
    });
    return new Response(stream, {
      status,
      headers: { 'content-type': ok ? 'text/event-stream' : 'application/json' },
    });
  };
}

function compare(c, got) {
  const want = c.expect;
  const problems = [];
  if ('written' in want && got.written !== want.written) {
    problems.push(`written ${JSON.stringify(got.written)}, expected ${JSON.stringify(want.written)}`);
  }
  if ('ended' in want && got.ended !== want.ended) problems.push(`ended ${got.ended}, expected ${want.ended}`);
  if (want.outcome) {
    for (const [k, v] of Object.entries(want.outcome)) {
      if (JSON.stringify(got.outcome?.[k]) !== JSON.stringify(v)) {
        problems.push(`outcome.${k} ${JSON.stringify(got.outcome?.[k])}, expected ${JSON.stringify(v)}`);
      }
    }
  }
  if (got.endCalls > 1) problems.push(`the sink was ended ${got.endCalls} times`);
  if (got.writeAfterEnd) problems.push('text was written after the sink was ended');
  return problems;
}

async function runOne(engine, c, delivery) {
  const got = { written: '', ended: false, endCalls: 0, writeAfterEnd: false, outcome: null };
  const sink = {
    write(text) {
      if (got.ended) got.writeAfterEnd = true;
      got.written += text;
    },
    end() {
      got.ended = true;
      got.endCalls++;
    },
  };
  got.outcome = await engine.generate(
    { endpoint: 'http://conformance.test/api/generate', prompt: 'conformance', fetch: fakeFetch(c.response.status, delivery.reads) },
    sink,
  );
  return got;
}

/**
 * @param {string} file the case file's path (for messages)
 * @param {Array|{cases: Array}} cases its cases
 * @returns {Promise<{passed: number, failed: number, failures: {id: string, message: string}[]}>}
 */
export async function runFile(file, cases) {
  const list = Array.isArray(cases) ? cases : (cases?.cases ?? []);
  const engine = await loadTransport();
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const c of list) {
    const problems = [];
    try {
      for (const delivery of deliveries(c.response.body)) {
        for (const p of compare(c, await runOne(engine, c, delivery))) problems.push(`${delivery.name}: ${p}`);
      }
    } catch (error) {
      problems.push(`threw ${error?.stack ?? error}`);
    }
    if (problems.length === 0) passed++;
    else {
      failed++;
      const message = problems.slice(0, 4).join('; ');
      // An object with the id and message, printed by run.mjs as one line.
      failures.push({ id: c.id, message, toString: () => `${c.id}: ${message}` });
    }
  }
  return { passed, failed, failures };
}
