import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const sqlMessage = 'SQL belongs in a *.repository.ts file (or db/): call a repository function instead.';
const sqlStart = '/^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|TRUNCATE|LOCK TABLE|LISTEN|NOTIFY)\\s/';
/** SQL text or a query on a database handle, anywhere outside the repositories and db/. */
const sqlOutsideRepositories = [
  `Literal[value=${sqlStart}]`,
  `TemplateElement[value.raw=${sqlStart}]`,
  'TaggedTemplateExpression[tag.name="sql"]',
  'CallExpression[callee.property.name=/^(query|one|exec)$/][callee.object.name=/^(db|t|tx|trx|client)$/]',
  'CallExpression[callee.property.name=/^(query|one|exec)$/][callee.object.property.name="db"]',
].map((selector) => ({ selector, message: sqlMessage }));

const repositoryModule = '\\.repository(\\.ts)?$';
/**
 * A file of apps/api/src/modules/<m>/ at depth d leaves its module with d `../`: such an import of a
 * repository reaches into another module's tables (import its service instead).
 */
const crossModuleRepositoryImports = [1, 2, 3].map((depth) => ({
  files: [`apps/api/src/modules/*/${'*/'.repeat(depth - 1)}*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth}}[^./].*${repositoryModule}`,
            message: "Another module's repository: call that module's service instead.",
          },
        ],
      },
    ],
  },
}));

/**
 * One web feature uses another only through its public entry, `features/<area>/index.ts` (guide, "Web
 * features"). A file `depth` folders below its feature's folder reaches another feature by climbing
 * `depth + 1` folders (`../../tickets/api/…` from `features/dashboard/components/`), or `depth + 2` and
 * `features/` (`../../../features/tickets/…`); both are refused unless they name `index.ts`. The app
 * shell (`app/`, the composition root: routes, layout) may load any feature's pages.
 */
const featureBoundaries = [0, 1, 2, 3, 4].map((depth) => ({
  files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(?:\\.\\./){${depth + 1}}(?:\\.\\./features/)?[^./][^/]*/(?!index\\.ts$)`,
            message:
              'Import another feature through its public entry, features/<area>/index.ts (export there what others may use).',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Layers of the API (docs/guide.md, "Boundaries"): SQL lives in repositories and db/, routes call
  // services, and a module reaches another module through its services, never its repository.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/**', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...sqlOutsideRepositories],
    },
  },
  ...crossModuleRepositoryImports,
  ...featureBoundaries,
  {
    // The seed is a client of the modules: their services, never their repositories.
    files: ['apps/api/src/seed/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `modules/.*${repositoryModule}`,
              message: "A module's repository: the seed calls that module's service instead.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.routes.ts', 'apps/api/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: repositoryModule, message: 'A route calls its service, never a repository.' }] },
      ],
    },
  },
  {
    // Configuration is read in one place only (CONVENTIONS 10).
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/api/src/config/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/env.ts.' },
      ],
    },
  },
);
