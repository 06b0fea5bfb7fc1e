// The Chromium the browser tests drive: `CHROME_PATH`, else Debian's headless shell (package
// `chromium-headless-shell`: the same Blink without the full browser around it, the headless build
// Playwright itself runs; a fifth less time for the browser stage on two cores), else Debian's
// `chromium`. Undefined when there is none.
import { existsSync } from 'node:fs';

export const chromeCandidates = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** @returns {string | undefined} */
export function chromeExecutable() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return chromeCandidates.find((path) => existsSync(path));
}
