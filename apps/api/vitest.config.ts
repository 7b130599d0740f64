import { configDefaults, defineConfig } from 'vitest/config';

// The API suite (test/api) runs once per database engine: always SQLite, and PostgreSQL too
// when TEST_DATABASE_URL is set. Unit tests next to the source run once.
const engines = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      // `extends: true`: a project inherits the root options (the timeouts above); without it each
      // project ran with Vitest's 5 s default.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', '../../packages/contract/src/**/*.test.ts'],
        },
      },
      ...engines.map((engine) => ({
        extends: true as const,
        test: {
          name: `api-${engine}`,
          include: ['test/api/**/*.test.ts'],
          // The two-instance test and the connection-loss test need PostgreSQL; with both
          // projects they belong to api-postgres alone (without TEST_DATABASE_URL the api-sqlite
          // run shows why they cannot run).
          exclude:
            engine === 'sqlite' && engines.includes('postgres')
              ? [
                  ...configDefaults.exclude,
                  'test/api/scale-out.test.ts',
                  'test/api/postgres-outage.test.ts',
                ]
              : configDefaults.exclude,
          env: { PAWSY_TEST_DB: engine },
        },
      })),
    ],
  },
});
