// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, and
// eslint-plugin-regexp, which finds regular expressions that can backtrack without bound
// (ReDoS) or do not mean what they say. Formatting is prettier's (.prettierrc.json), not
// ESLint's. `npm test` runs both (`npm run lint`).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import regexp from 'eslint-plugin-regexp'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'bench/out/', 'testdata/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  regexp.configs['flat/recommended'],
  {
    languageOptions: { globals: globals.node },
    rules: {
      // A leading underscore marks a parameter or element kept for its position.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // A capturing group may name a part for the reader even when no code reads it.
      'regexp/no-unused-capturing-group': 'off',
    },
  },
  {
    // The size a reader can hold in mind: no function over 80 lines and no file over 400,
    // comments and blank lines aside (CONTRIBUTING.md, "Code").
    files: ['src/**/*.ts'],
    rules: {
      // A regex that moves along an input and backtracks at every start is quadratic on it.
      'regexp/no-super-linear-move': 'error',
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Rules that need the types (typescript-eslint's project service reads tsconfig.json): a
    // promise nobody awaits loses its rejection, and a switch over a union must name every member
    // (or say `default:`) so a new finding code or kind cannot fall through unseen.
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Tests, scripts and benchmarks match their own fixtures and outputs, never a user's
    // input: the backtracking rule guards src/. Tests read NULs and loose JSON on purpose.
    files: ['test/**', 'scripts/**', 'bench/**'],
    rules: {
      'regexp/no-super-linear-backtracking': 'off',
      'no-control-regex': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
