// Loaded before a README block that runs in Node (`node --import`): every console.log the block's own code makes
// is written to $README_SHOWN_LOG as {line, args}, `line` the block file's (its README line, as the file is padded),
// so shown.mjs can check the outputs the README shows. The log still prints as usual.
import { appendFileSync } from 'node:fs';
import { plain } from './shown.mjs';

const out = process.env.README_SHOWN_LOG;
const source = process.env.README_SHOWN_SOURCE;
if (out && source) {
  const log = console.log.bind(console);
  console.log = (...args) => {
    const frame = (new Error().stack ?? '').split('\n').find((l) => l.includes(source));
    const line = frame ? Number(/:(\d+):\d+\)?$/.exec(frame)?.[1]) : null;
    appendFileSync(out, `${JSON.stringify({ line, args: args.map((a) => plain(a)) })}\n`);
    log(...args);
  };
}
