import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The TypeScript sources below `dir`, tests aside: what the source-scanning tests read (no literal
 * page path, no `as never`). Node only; no screen imports it.
 */
export function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
