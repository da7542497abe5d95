import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * One runner for the whole repository. The API tests run on SQLite and, when
 * TEST_DATABASE_URL is set, the very same files run again on PostgreSQL.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server-sqlite',
          include: serverTests,
          env: { TEST_DB: 'sqlite' },
          testTimeout: 20_000,
          // Set-ups sign accounts up (scrypt at 128 MiB a hash): on a busy shared machine they take a while.
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                exclude: ['**/*.sqlite.test.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 20_000,
                // Set-ups sign accounts up (scrypt at 128 MiB a hash): on a busy shared machine they take a while.
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          testTimeout: 10_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
