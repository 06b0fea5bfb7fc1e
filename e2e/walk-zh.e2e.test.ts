// The lane planner's weight (scripts/e2e.mjs), in kB of an ordinary test file (about 7.8 s of a
// lane per kB in the last CI): this walk took 883 s there (each page opened by its address).
// e2e-weight: 113
import { describe } from 'vitest';
import { walkTests } from './console-walk';

/** The console walk in Chinese (its own file, so the browser stage's two lanes share the walk). */
describe('console walk (zh-CN)', () => walkTests('zh-CN', { dark: false }));
