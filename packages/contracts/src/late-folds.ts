/**
 * What a few declarations check against every area — the permission names (a role's grants), the
 * kinds the game may read (the content endpoint's `kinds`), the job names (the jobs page's
 * filter) — read when a request is checked, not when the module loads: these declarations are
 * themselves part of the areas, so they cannot import the fold (`areas.ts`), which fills this
 * once it is built. Importing `@rookery/contracts` builds it.
 */
export const lateFolds = {
  permissions: new Set<string>(),
  gameVisibleKinds: [] as string[],
  jobNames: [] as string[],
};
