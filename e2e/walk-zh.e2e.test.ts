// The lane planner's weight (scripts/e2e.mjs), in kB of an ordinary test file: two walks over every
// built page (and, in English, the dark sample) take about as long as that much of the other tests.
// e2e-weight: 80
import { describe } from 'vitest';
import { walkTests } from './console-walk';

/** The console walk in Chinese (its own file, so the browser stage's two lanes share the walk). */
describe('console walk (zh-CN)', () => walkTests('zh-CN', { dark: false }));
