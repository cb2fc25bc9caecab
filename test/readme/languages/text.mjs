// ```text blocks: sample output. The block shows what a command prints, so it must be exactly (trailing blank
// lines aside) what one command of the nearest ```sh block before it, in the same section, printed on standard
// output when the README test ran it (the ```sh runner keeps each command's output, with its fixtures: the
// CLI's screen.txt is chosen so the README's sample is what `agentic-elements check` prints for it).
// A ```text block with no ```sh block before it in its section fails: it would be text no command backs.

const norm = (s) => s.replace(/\s+$/, '');

export async function runText(block, ctx) {
  const before = ctx.blocks.filter((b) => b.index < block.index && b.section === block.section && ['sh', 'bash', 'shell'].includes(b.lang)).at(-1);
  if (!before) {
    throw new Error(
      `${block.where}: a \`\`\`text block is a command's sample output, but no \`\`\`sh block comes before it in "${block.section}". ` +
        'Put it after the ```sh block whose command prints it (or, if it is not output, make it prose or a block of a language that runs).',
    );
  }
  const outputs = ctx.outputs.get(before.index);
  if (!outputs) throw new Error(`${block.where}: the \`\`\`sh block at ${before.where}, whose output this shows, didn't run`);
  const sample = norm(block.code);
  const same = outputs.find((o) => norm(o.stdout) === sample);
  if (same) return [`the output of \`${same.text}\` (${ctx.file}:${same.line}), exactly`];
  // The closest output, line by line, to say what differs.
  const lines = sample.split('\n');
  const score = (o) => norm(o.stdout).split('\n').filter((l) => lines.includes(l)).length;
  const closest = [...outputs].sort((a, b) => score(b) - score(a))[0];
  if (!closest) throw new Error(`${block.where}: the \`\`\`sh block at ${before.where} ran no command`);
  const printed = norm(closest.stdout).split('\n');
  const diff = [];
  for (let i = 0; i < Math.max(lines.length, printed.length); i++) {
    if (lines[i] !== printed[i]) diff.push(`  line ${i + 1}:\n    README:  ${lines[i] ?? '(nothing)'}\n    printed: ${printed[i] ?? '(nothing)'}`);
  }
  throw new Error(
    `${block.where}: this sample output is not what any command of ${before.where} printed. Closest: \`${closest.text}\` ` +
      `(${ctx.file}:${closest.line}), which differs at:\n${diff.slice(0, 10).join('\n')}`,
  );
}
