import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * zxcvbn-ts with its common-password dictionary (~380 kB of words), loaded on first use: only the
 * forms that set a new password pay for it, never the login page.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
export function loadStrengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

/** 0 (guessed at once) to 4 (very hard to guess), zxcvbn's scale. */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;
