import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

/** What the two server projects share: the same files, run on SQLite and on PostgreSQL. */
const serverProject = {
  include: serverTests,
  testTimeout: 20_000,
  // Set-ups start shops on fresh databases and sign accounts up (argon2id, a few tens of ms a
  // hash): on a busy shared machine, PostgreSQL's schemas and migrations take the while.
  hookTimeout: 60_000,
  // A worker keeps the modules it imported from one test file to the next: importing the whole
  // shop again for each file was most of the suite's time. No server test mocks a module or
  // changes the environment; what a file's top-level `test.override` changes is made afresh
  // before the next file (setupFiles).
  isolate: false,
  setupFiles: ['apps/server/src/test-support/fresh-fixtures.ts'],
};

/**
 * Files that start the built shop as processes of its own. One file at a time (a journey starts
 * a shop and a Chromium, several processes that two at once crowd onto 2 cores); Vitest runs such
 * files only after every other file of its run.
 */
const shopProcesses = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  fileParallelism: false,
};

/**
 * The files of them that open no browser (kills and restarts, several servers, a slow client):
 * `npm test` runs them after the API and web tests, in that process, and the journeys, which
 * open Chromium, in a process of their own beside it, so that the two end together.
 */
const withoutBrowser = [
  'e2e/crash-safety.test.ts',
  'e2e/server-lifecycle.test.ts',
  'e2e/several-servers.test.ts',
  'e2e/slow-client.test.ts',
  'e2e/log-scan.test.ts',
];

/**
 * One runner for the whole repository. The API tests run on SQLite and, when
 * TEST_DATABASE_URL is set, the very same files run again on PostgreSQL.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the
    // files' waits (the database, Chromium, a mail's retry) then leave a core idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...serverProject,
          name: 'server-sqlite',
          exclude: ['**/*.postgres.test.ts'],
          env: { TEST_DB: 'sqlite' },
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                ...serverProject,
                name: 'server-postgres',
                exclude: ['**/*.sqlite.test.ts'],
                env: { TEST_DB: 'postgres' },
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
          ...shopProcesses,
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: withoutBrowser,
          // A page's app takes over later on a busy machine than vitest's one second of polling:
          // the journeys wait for what a person would, as long as Playwright's own waits do.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          ...shopProcesses,
          name: 'processes',
          include: withoutBrowser,
        },
      },
    ],
  },
});
