// The version marker ([3.9]).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isNewerVersion } from '../../../src/omni-ir/version.ts';
import { issuesOf } from './helpers.js';

test('[3.9] a newer MAJOR.MINOR on line 1 is one newer_version warning; the rest is read as usual', () => {
  assert.deepEqual(issuesOf(['# omni-ir 99.0', 'root = Stack([a])', 'a = Divider()']), ['1 newer_version']);
  assert.deepEqual(issuesOf(['# omni-ir 0.9', 'root = Divider()']), ['1 newer_version']);
  assert.deepEqual(issuesOf(['# omni-ir 1.0', 'root = Divider()']), ['1 newer_version']);
});

test('[3.9] this format and older ones give no issue; 0.6 and 0.7 name format 0.5', () => {
  for (const v of ['0.8', '0.0', '0.5', '0.6', '0.7', '00.08', '0.08']) assert.deepEqual(issuesOf([`# omni-ir ${v}`, 'root = Divider()']), [], v);
});

test('[3.9] numbers of any length are compared as whole numbers, not floats', () => {
  assert.equal(isNewerVersion('# omni-ir 0.10'), true, '0.10 is after 0.8');
  assert.equal(isNewerVersion('# omni-ir 0.80'), true);
  assert.equal(isNewerVersion(`# omni-ir 0.${'0'.repeat(400)}8`), false);
  assert.equal(isNewerVersion(`# omni-ir 0.${'9'.repeat(400)}`), true);
  assert.equal(isNewerVersion(`# omni-ir ${'0'.repeat(300)}.9`), true);
  assert.equal(isNewerVersion('# omni-ir 0.9', '0.10'), false);
});

test('[3.9] spaces or tabs before and after # and at the end; they must separate omni-ir from the version', () => {
  for (const l of ['  # omni-ir 9.0', '\t#\tomni-ir\t9.0\t', '#omni-ir 9.0', '# omni-ir  9.0   ']) assert.equal(isNewerVersion(l), true, JSON.stringify(l));
  for (const l of ['# omni-ir9.0', '# omni-ir 99', '# omni-ir 99.0.1', '# Omni-IR 99.0', '# omni-ir 99.0 beta', '# omni-ir +99.0', '# omni-ir 9.', '# omni-ir .9', '## omni-ir 9.0', '# omni-ir -1.0']) {
    assert.equal(isNewerVersion(l), false, JSON.stringify(l));
  }
});

test('[3.9] the marker counts only on line 1, as a comment anywhere else', () => {
  assert.deepEqual(issuesOf(['root = Divider()', '# omni-ir 99.0']), []);
  assert.deepEqual(issuesOf(['', '# omni-ir 99.0', 'root = Divider()']), []);
  assert.deepEqual(issuesOf('# omni-ir 99.0\r\nroot = Divider()\r\n'), ['1 newer_version']);
});
