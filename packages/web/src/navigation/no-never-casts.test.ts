import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type Found, findInSource, offencesIn, sourcesUnder } from '../../../../scripts/source-scan';

/**
 * `x as never` silences every type check on `x`: the console's screens, kit and endpoints are
 * typed end to end, so none is needed. This scans the web sources (tests aside) with the
 * TypeScript parser and flags each `as never`.
 */
export function neverCasts(fileName: string, source: string): Found[] {
  return findInSource(fileName, source, (node) =>
    ts.isAsExpression(node) && node.type.kind === ts.SyntaxKind.NeverKeyword ? node.getText() : undefined,
  );
}

const srcDir = fileURLToPath(new URL('..', import.meta.url));

describe('no `as never` in the console', () => {
  it('finds the cast in any position, and not the word in text', () => {
    const sample = [
      'f(x as never);',
      'const a = { b: 1 } as never;',
      "const s = 'as never';",
      '// x as never in a comment',
      'const n: never = undefined as unknown as never;',
    ].join('\n');
    expect(neverCasts('sample.tsx', sample).map((f) => f.line)).toEqual([1, 2, 5]);
  });

  it('the web sources have none', () => {
    const sources = sourcesUnder(srcDir);
    expect(sources.length).toBeGreaterThan(50);
    expect(offencesIn(srcDir, sources, neverCasts)).toEqual([]);
  });
});
