// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Workflow code runs in Temporal's deterministic sandbox: no Node built-ins, no I/O.
// contract/ and domain/ are pure too (workflows import them), though domain/ may use pure parsers such as cheerio.
// Activities are referenced by type only (proxyActivities<typeof activities>).
const ioModules = [
  'mongodb',
  'redis',
  'express',
  'openai',
  '@anthropic-ai/sdk',
  'undici',
  'pino',
  '@temporalio/client',
  '@temporalio/worker',
  '@temporalio/activity',
];
const restrictedPaths = (names) =>
  names.map((name) => ({ name, message: 'No Node built-ins or I/O modules here: this code must stay pure.' }));
const nodeBuiltins = builtinModules.flatMap((name) => [name, `node:${name}`]);
const domainForbidden = { paths: restrictedPaths([...nodeBuiltins, ...ioModules]) };
const workflowForbidden = {
  paths: restrictedPaths([...nodeBuiltins, ...ioModules, 'cheerio', 'saxes']),
  patterns: [
    {
      group: ['**/activities', '**/activities/**', '**/infra/**', '**/api/**', '**/worker/**'],
      allowTypeImports: true,
      message: 'Workflows reach activities through proxyActivities and import only their types.',
    },
  ],
};

// Every failure type the service raises is named in contract/failures.ts (FAILURE, INTERNAL_FAILURE), never spelt in place.
const failureTypeMessage = 'Name the failure type in contract/failures.ts (FAILURE or INTERNAL_FAILURE) and use it from there.';
const failureTypeSpelt = [
  {
    selector: "CallExpression[callee.object.name='ApplicationFailure'][arguments.1.type=/^(Literal|TemplateLiteral)$/]",
    message: failureTypeMessage,
  },
  {
    selector:
      "CallExpression[callee.object.name='ApplicationFailure'] > ObjectExpression > Property[key.name='type'][value.type=/^(Literal|TemplateLiteral)$/]",
    message: failureTypeMessage,
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.tools/', '.data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      // The legacy URL escapers shadow a forgotten local helper silently (a RegExp escaper, say): escapeRegExp is domain/shared/text.ts's.
      'no-restricted-globals': [
        'error',
        { name: 'escape', message: 'escapeRegExp (domain/shared/text.ts) or encodeURIComponent' },
        { name: 'unescape', message: 'decodeURIComponent' },
      ],
    },
  },
  {
    files: ['activities/**/*.ts', 'workflows/**/*.ts', 'infra/**/*.ts', 'api/**/*.ts', 'worker/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...failureTypeSpelt] },
  },
  {
    files: ['contract/**/*.ts', 'domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', domainForbidden] },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', workflowForbidden] },
  },
  {
    files: ['api/public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'module',
      globals: {
        document: 'readonly',
        window: 'readonly',
        fetch: 'readonly',
        TextDecoderStream: 'readonly',
        console: 'readonly',
        XMLHttpRequest: 'readonly',
        EventSource: 'readonly',
      },
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ignores: ['api/public/**'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
