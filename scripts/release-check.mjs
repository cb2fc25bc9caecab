// Before a release is published: the tag, package.json and CHANGELOG.md must name the same version, and that
// version must be one npm can publish. Run by the release workflow with the pushed tag:
//
//   node scripts/release-check.mjs v0.1.0
//
// Exits 1 with what disagrees; prints the version on success.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The problems with releasing `tag` from a package.json and a changelog: an empty list when all agree. */
export function releaseProblems(tag, pkg, changelog) {
  const problems = [];
  const version = String(tag ?? '').replace(/^refs\/tags\//, '').replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) problems.push(`the tag "${tag}" is not v<major>.<minor>.<patch>`);
  if (pkg.version !== version) problems.push(`package.json says ${pkg.version}, the tag ${version}`);
  if (pkg.private) problems.push('package.json is private');
  const heading = new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]? — \\d{4}-\\d{2}-\\d{2}$`, 'm');
  if (!heading.test(changelog)) problems.push(`CHANGELOG.md has no "## ${version} — YYYY-MM-DD" section`);
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tag = process.argv[2] ?? process.env.GITHUB_REF_NAME;
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  const problems = releaseProblems(tag, pkg, readFileSync(`${root}CHANGELOG.md`, 'utf8'));
  if (problems.length) {
    console.error(`release-check: not releasing ${tag}:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`release-check: ${pkg.version} is ready to publish`);
}
