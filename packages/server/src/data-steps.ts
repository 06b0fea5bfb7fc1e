import { canonicaliseExposureAttributes } from './modules/abtest/exposures.js';
import { canonicalisePlayerAttributes } from './modules/players/canonical.js';
import type { DataStep } from './platform/db/data-steps.js';

/**
 * The one-time data steps, in order (`runDataSteps`, at start after the migrations): changes to
 * existing rows that need the server's JavaScript. Never remove or rename one a deployment may not
 * have run yet.
 */
export const dataSteps: readonly DataStep[] = [
  {
    // Migration 0024: language, country and os stored canonical (docs/decisions/2026-11-28-what-the-game-reports-is-stored-canonically.md).
    name: 'canonicalAttributes',
    run: async (db) => (await canonicalisePlayerAttributes(db)) + (await canonicaliseExposureAttributes(db)),
  },
];
