// The lane planner's weight (scripts/e2e.mjs), in kB of an ordinary test file (about 7.8 s of a
// lane per kB in the last CI): this walk and the dark sample took 489 s there.
// e2e-weight: 63
import { describe } from 'vitest';
import { walkTests } from './console-walk';

/** The console walk in English, and the dark-theme sample. */
describe('console walk (en-US)', () => walkTests('en-US', { dark: true }));
