import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webFeatureBoundaries(),
  ...apiModuleBoundaries(),
  // The seeders and benchmark scripts sit outside modules/ but use them like another module would.
  {
    files: ['apps/api/src/seed/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[^/]+/(?!index\\.ts$)',
              message: 'Import an API module only through its index.ts.',
            },
          ],
        },
      ],
    },
  },
);

/**
 * Web features use each other only through `features/<area>/index.ts`. A relative import names
 * another feature when it climbs exactly to `features/`, so the rule is one block per folder
 * depth inside a feature; `features/<area>/…` paths (aliases) are caught at any depth.
 */
function webFeatureBoundaries() {
  const notIndex = '(?!index(\\.tsx?)?$)';
  const message = 'Import another feature only through its index.ts (features/<area>/index.ts).';
  return [0, 1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\./){${depth + 1}}[^/.][^/]*/${notIndex}`, message },
            { regex: `(^|/)features/[^/]+/${notIndex}`, message },
          ],
        },
      ],
    },
  }));
}

/**
 * API modules use each other only through `modules/<area>/index.ts`, never another module's
 * repository, service or mapper files (modules/index.ts, the route registry, imports `./<area>/…`
 * and is not affected). A relative import names another module when it climbs exactly to
 * `modules/`; `modules/<area>/…` paths are caught at any depth. Cycles between modules are
 * checked by test/api/module-boundaries.test.ts.
 */
function apiModuleBoundaries() {
  const notIndex = '(?!index\\.ts$)';
  const message =
    "Import another API module only through its index.ts (modules/<area>/index.ts): its other files are internal; add what you need to that module's index.ts.";
  return [0, 1].map((depth) => ({
    files: [`apps/api/src/modules/*/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\./){${depth + 1}}[^/.][^/]*/${notIndex}`, message },
            { regex: `(^|/)modules/[^/]+/${notIndex}`, message },
          ],
        },
      ],
    },
  }));
}
