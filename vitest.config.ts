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
