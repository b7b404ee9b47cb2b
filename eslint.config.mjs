// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import layers from './scripts/eslint/layer-boundaries.mjs';

/** Architecture rule 3: Electron and keytar live at the edges. */
const electronEdge = ['src-main/index.ts', 'src-main/window/**', 'src-main/ipc/**', 'src-main/preload/**'];
const keytarEdge = ['src-main/credentials/keytar-store.ts'];

const restrict = (names, message) => ({ paths: names.map((name) => ({ name, message })) });

/**
 * Architecture rule 11: layers point down. What each folder may import is one allow-list in
 * scripts/eslint/layers.mjs (docs/architecture.md § "Layers: who may import what"); import cycles fail too.
 * test/fixtures/lint/ holds deliberate violations that only the lint test lints.
 */
const layeredCode = ['src-main/**', 'src-shared/**', 'src-renderer/**', 'test/fixtures/lint/**'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'coverage/**', 'test/fixtures/lint/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  { plugins: { local: layers } },
  {
    files: layeredCode,
    rules: { 'local/layer-boundaries': 'error', 'local/no-import-cycles': 'error' },
  },
  {
    // The `gateway-console` bin is a two-line CommonJS shim that loads the built CLI.
    files: ['bin/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src-main/**', 'src-shared/**', 'src-renderer/**'],
    ignores: [...electronEdge, ...keytarEdge],
    rules: {
      'no-restricted-imports': [
        'error',
        restrict(
          ['electron', 'keytar'],
          'Electron only in src-main/{index.ts,window,ipc,preload}; keytar only in src-main/credentials/keytar-store.ts (docs/architecture.md, rule 3).',
        ),
      ],
    },
  },
  {
    files: electronEdge,
    rules: {
      'no-restricted-imports': [
        'error',
        restrict(['keytar'], 'keytar only in src-main/credentials/keytar-store.ts (docs/architecture.md, rule 3).'),
      ],
    },
  },
  {
    files: keytarEdge,
    rules: {
      'no-restricted-imports': [
        'error',
        restrict(['electron'], 'Electron only at the Electron edge (docs/architecture.md, rule 3).'),
      ],
    },
  },
  {
    // All user-visible text comes from the i18n catalogue (English and European Portuguese): no bare
    // words in renderer templates, nor in the attributes people read or hear (titles, labels, placeholders).
    files: ['src-renderer/**/*.vue'],
    rules: {
      'vue/no-bare-strings-in-template': [
        'error',
        {
          allowlist: [
            '(',
            ')',
            ',',
            '.',
            '&',
            '+',
            '-',
            '=',
            '*',
            '/',
            '#',
            '%',
            '!',
            '?',
            ':',
            '[',
            ']',
            '{',
            '}',
            '<',
            '>',
            '•',
            '—',
            '–',
            '·',
            '…',
            '|',
            '→',
            '←',
            '×',
            '€',
            'v',
            'px',
            'JSON',
            'cURL',
            'MB WAY',
            'HTTP',
            'ms',
            's',
            'notificationID',
            'transactionID',
            's2…',
            'EUR',
          ],
          attributes: {
            '/.+/': [
              'title',
              'aria-label',
              'aria-placeholder',
              'aria-roledescription',
              'aria-valuetext',
              'placeholder',
              'label',
              'description',
              'alt',
              'tab',
              'positive-text',
              'country-hint',
              'caption',
              'negative-text',
            ],
            input: ['value'],
          },
          directives: ['v-text'],
        },
      ],
    },
  },
);
