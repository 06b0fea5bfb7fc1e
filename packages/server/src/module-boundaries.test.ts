import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The server's knots stay untied: the platform imports no module, a module reaches another
 * area's data through its service (never its `tables.ts`), and no module imports `app.ts`
 * (which imports every module). Tests may set up data anywhere; the rules are for the code.
 */

const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every relative import of a file, resolved to a path under `src`. */
function importsOf(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const specs = [
    ...text.matchAll(/(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g),
  ].map((m) => m[1] ?? m[2]);
  return specs.filter((s) => s.startsWith('.')).map((s) => path.relative(root, path.resolve(path.dirname(file), s)));
}

const rel = (file: string) => path.relative(root, file);
const areaOf = (p: string) => /^modules\/([^/]+)\//.exec(p)?.[1];

/** The broken rules of one file (by its path under `src`). */
function violations(file: string, imports: readonly string[]): string[] {
  const where = rel(file);
  const out: string[] = [];
  for (const target of imports) {
    if (where.startsWith('platform/') && target.startsWith('modules/'))
      out.push(`${where} (platform) imports ${target} (a module)`);
    const from = areaOf(where);
    const to = areaOf(target);
    if (from && to && from !== to && /\/tables\.(js|ts)$/.test(target))
      out.push(`${where} imports another area's tables: ${target} (use its service)`);
    if (from && /^app\.(js|ts)$/.test(target))
      out.push(`${where} imports app.ts (a circle: app.ts imports every module)`);
  }
  return out;
}

describe('module boundaries', () => {
  it('no platform file imports a module, no module another area’s tables or app.ts', () => {
    const found = sourceFiles(root).flatMap((f) => violations(f, importsOf(f)));
    expect(found).toEqual([]);
  });

  it('catches each broken rule (the check can fail)', () => {
    const at = (p: string) => path.join(root, p);
    const imports = (p: string, text: string) => importsOf(at(p), text);
    expect(
      violations(
        at('platform/db/x.ts'),
        imports('platform/db/x.ts', "import { a } from '../../modules/mail/mails.js';"),
      ),
    ).toHaveLength(1);
    expect(
      violations(
        at('modules/mail/x.ts'),
        imports(
          'modules/mail/x.ts',
          "import { players } from '../players/tables.js';\nimport type { ModuleDeps } from '../../app.js';",
        ),
      ),
    ).toHaveLength(2);
    // Its own tables and another area's service are fine.
    expect(
      violations(
        at('modules/mail/x.ts'),
        imports(
          'modules/mail/x.ts',
          "import { mails } from './tables.js';\nimport { findPlayer } from '../players/service.js';",
        ),
      ),
    ).toEqual([]);
  });
});
