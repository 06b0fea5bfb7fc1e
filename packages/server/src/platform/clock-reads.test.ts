import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every time the server reads comes from the service clock (`platform/clock.ts`), so tests can stop
 * it and a deployment can run offset. This scans the server's sources with the TypeScript parser
 * (comments and strings are not code) and flags `Date.now` and `new Date()` without an argument
 * outside clock.ts. A duration (a rate limit, a latency) uses the monotonic `performance.now()`.
 * Tests and the command-line scripts are not the server.
 */
export function wallClockReads(fileName: string, source: string): { line: number; text: string }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    const isDate = (e: ts.Expression) => ts.isIdentifier(e) && e.text === 'Date';
    const dateNow = ts.isPropertyAccessExpression(node) && isDate(node.expression) && node.name.text === 'now';
    const bareNew = ts.isNewExpression(node) && isDate(node.expression) && (node.arguments?.length ?? 0) === 0;
    if (dateNow || bareNew)
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.getText() });
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const clockFile = fileURLToPath(new URL('./clock.ts', import.meta.url));

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'scripts' || entry.name === 'test' ? [] : serverSources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('one clock', () => {
  it('finds every wall-clock read, and nothing else', () => {
    const sample = [
      'const a = new Date();',
      'const b = Date.now();',
      'const c = new Date(Date.now() + 5);',
      'const d = new Date;',
      'const read = Date.now;',
      "const e = new Date('2026-01-01T00:00:00Z');",
      'const f = new Date(row.at.getTime());',
      '// new Date() and Date.now() in a comment',
      "const g = 'Date.now()';",
      'const h = performance.now();',
      'const i = clock.now();',
    ].join('\n');
    expect(wallClockReads('sample.ts', sample)).toEqual([
      { line: 1, text: 'new Date()' },
      { line: 2, text: 'Date.now' },
      { line: 3, text: 'Date.now' },
      { line: 4, text: 'new Date' },
      { line: 5, text: 'Date.now' },
    ]);
  });

  it('the server reads the time only through the service clock', () => {
    const sources = serverSources(srcDir).filter((path) => path !== clockFile);
    expect(sources.length).toBeGreaterThan(50);
    const offences = sources.flatMap((path) =>
      wallClockReads(path, readFileSync(path, 'utf8')).map(
        ({ line, text }) => `${relative(srcDir, path)}:${line} ${text}`,
      ),
    );
    expect(offences).toEqual([]);
  });
});
