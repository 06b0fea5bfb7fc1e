import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The console walk first in its lane, on the data the server starts with: the other files create
 * items whose names they choose (`welcomeBanner…`), which the walk's raw-code rule would read as
 * codes shown raw wherever a sentence names them (the system log), depending on which files ran
 * before it. The rest in Vitest's own order.
 */
class WalkFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const walk = (f: TestSpecification) => /[/\\]walk-[^/\\]*\.e2e\.test\.ts$/.test(f.moduleId);
    return [...sorted.filter(walk), ...sorted.filter((f) => !walk(f))];
  }
}

/** Browser tests: one real server and one Chromium, files run one after another. */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    // A lane of `scripts/e2e.mjs` names its files exactly.
    include: process.env.E2E_LANE_FILES ? process.env.E2E_LANE_FILES.split(',') : ['*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    sequence: { sequencer: WalkFirst },
    maxWorkers: 1,
    pool: 'forks',
    // A browser and a server on a busy machine: what a test waits for may take more than the
    // default second to show (it passes as soon as it does).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
