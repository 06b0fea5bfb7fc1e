import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type Found, findInSource, offencesIn, sourcesUnder } from '../../../../scripts/source-scan';

/**
 * Every time the server reads comes from the service clock (`platform/clock.ts`), so tests can stop
 * it and a deployment can run offset. This scans the server's sources with the TypeScript parser
 * (comments and strings are not code) and flags `Date.now` and `new Date()` without an argument
 * outside clock.ts. A duration (a rate limit, a latency) uses the monotonic `performance.now()`.
 * Tests and the command-line scripts are not the server.
 */
export function wallClockReads(fileName: string, source: string): Found[] {
  const isDate = (e: ts.Expression) => ts.isIdentifier(e) && e.text === 'Date';
  return findInSource(fileName, source, (node) => {
    const dateNow = ts.isPropertyAccessExpression(node) && isDate(node.expression) && node.name.text === 'now';
    const bareNew = ts.isNewExpression(node) && isDate(node.expression) && (node.arguments?.length ?? 0) === 0;
    return dateNow || bareNew ? node.getText() : undefined;
  });
}

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const clockFile = fileURLToPath(new URL('./clock.ts', import.meta.url));

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
    const sources = sourcesUnder(srcDir, ['scripts', 'test']).filter((path) => path !== clockFile);
    expect(sources.length).toBeGreaterThan(50);
    expect(offencesIn(srcDir, sources, wallClockReads)).toEqual([]);
  });
});
