// Vue 3 with Vite (vue-tsc checks the template): the built dist/ served as static files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FRAMEWORKS, staticSite, testExample, testFirstLoad } from './harness.mjs';

testExample('vue', staticSite('vue/dist'));
testFirstLoad('vue', 'vue/dist', 280);

// What docs/vue.md tells an app to do, as the example does it (agentic-elements/vue, strictTemplates in its
// tsconfig.json): a misspelt property of an element is then a type error, where Vue's default lets it through.
test('vue: with strictTemplates, vue-tsc reports a misspelt property of an element on its line', () => {
  const dir = join(FRAMEWORKS, 'vue');
  const file = join(dir, 'src', 'Misspelt.vue');
  writeFileSync(file, '<template>\n  <omni-screen :tols.prop="{}" />\n</template>\n');
  try {
    const out = spawnSync(join(dir, 'node_modules', '.bin', 'vue-tsc'), ['--noEmit', '-p', dir, '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
    assert.notEqual(out.status, 0, `vue-tsc passed:\n${out.stdout}${out.stderr}`);
    assert.match(out.stdout, /src\/Misspelt\.vue\(2,\d+\): error TS\d+: .*'tols'/, out.stdout);
  } finally {
    rmSync(file, { force: true });
  }
});
