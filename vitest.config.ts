import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // The repository's own checks (the decision records name files that exist).
      { test: { name: 'repository', root: 'scripts', include: ['*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // The files share one module graph in their worker (issue 48): each imported the whole
          // server again, a third of the suite's time. Every file makes its own app and database
          // (test/harness.ts), and module-level state is keyed by database or fixed; a file that
          // changes a shared module (a spy) restores it in its own hooks.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // A check that loads every area's screens (declared-form.test.ts) transforms most of the
          // console first: seconds alone, more beside the server suites on two cores.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
