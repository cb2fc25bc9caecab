// Lint: typescript-eslint, lit and wc rules, and the project's hard rules: no markup or code from strings.
import tseslint from 'typescript-eslint';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';

const forbidden = [
  { selector: "AssignmentExpression[left.property.name='innerHTML']", message: 'innerHTML is forbidden: text from a stream is text.' },
  { selector: "AssignmentExpression[left.property.name='outerHTML']", message: 'outerHTML is forbidden.' },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'insertAdjacentHTML is forbidden.' },
  { selector: "MemberExpression[property.name='innerHTML']", message: 'innerHTML is forbidden: text from a stream is text.' },
  { selector: "CallExpression[callee.name='unsafeHTML']", message: 'unsafeHTML is forbidden.' },
  { selector: "CallExpression[callee.name='unsafeSVG']", message: 'unsafeSVG is forbidden.' },
  { selector: "ImportSpecifier[imported.name='unsafeHTML']", message: 'unsafeHTML is forbidden.' },
  { selector: "CallExpression[callee.name='eval']", message: 'eval is forbidden.' },
  { selector: "NewExpression[callee.name='Function']", message: 'new Function is forbidden.' },
  { selector: "CallExpression[callee.property.name='setAttribute'][arguments.0.value=/^on/i]", message: 'Inline event handlers are forbidden.' },
];

/** Tags are defined through elements/shared/base/defineElement.ts only: safe on servers, one warning for a taken tag. */
const defineOnlyThroughHelper = {
  selector: "CallExpression[callee.object.name='customElements'][callee.property.name='define']",
  message: 'Use defineElement(tag, ctor) from elements/shared/base/defineElement.ts: it skips servers and warns when the tag is taken.',
};

export default tseslint.config(
  // demo/frameworks/: each example's build output (its sources are linted like the rest).
  { ignores: ['demo/frameworks/.pack/**', 'demo/frameworks/*/{dist,.next,.angular,.svelte-kit}/**'] },
  { ignores: ['dist/**', 'cdn/**', 'docs-site/**', 'demo/dist/**', 'node_modules/**', '.tmp/**', '.wireit/**', 'coverage/**', 'custom-elements.json', '**/*.generated.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['elements/**/*.ts', 'test/browser/**/*.ts', 'demo/**/*.ts'],
    ...litConfigs['flat/recommended'],
  },
  {
    files: ['elements/**/*.ts'],
    ...wcConfigs['flat/recommended'],
  },
  {
    rules: {
      'no-restricted-syntax': ['error', ...forbidden, defineOnlyThroughHelper],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // No giant closures (issue 30 item 2): a function over 150 lines is split by job, each part tested on its own.
    // Blank lines and comments don't count: a comment saying why is never the reason to split.
    // scripts/long-functions.mjs lists the long ones (over 80 by default) by this same rule.
    files: ['src/**/*.ts', 'elements/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    // The helper itself, and tests and demos that define an app's own elements the way an app does.
    files: ['elements/shared/base/defineElement.ts', 'test/**', 'demo/**'],
    rules: { 'no-restricted-syntax': ['error', ...forbidden] },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', fetch: 'readonly', performance: 'readonly', globalThis: 'readonly', structuredClone: 'readonly', AbortController: 'readonly', crypto: 'readonly' } },
  },
);
