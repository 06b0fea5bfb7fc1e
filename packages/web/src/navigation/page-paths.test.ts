import { fileURLToPath } from 'node:url';
import { consoleRoutes, flattenRoutes } from '@rookery/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type Found, findInSource, offencesIn, sourcesUnder } from '../../../../scripts/source-scan';

/**
 * Features reach pages by route name (`pathTo`), never by a literal path. This scans their
 * sources with the TypeScript parser, so comments and regular expressions are not read as
 * strings, and flags every string or template literal whose first path segment is the first
 * segment of a console page (`/email/…`, `/user/detail?…`, `/login`). API paths (`/api/…`)
 * come from the endpoint table and are no console page, so they are not flagged.
 */
const pageSegments = new Set(flattenRoutes(consoleRoutes).map((r) => r.fullPath.split('/')[1]));

function firstSegment(text: string): string | undefined {
  return /^\/([^/?#$]+)/.exec(text)?.[1];
}

export function literalPagePaths(fileName: string, source: string): Found[] {
  return findInSource(fileName, source, (node) => {
    if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node) && !ts.isTemplateHead(node))
      return undefined;
    const segment = firstSegment(node.text);
    return segment && pageSegments.has(segment) ? node.text : undefined;
  });
}

const featuresDir = fileURLToPath(new URL('../features', import.meta.url));

describe('no literal page path in features', () => {
  it('finds page paths in every literal form, and nothing else', () => {
    const sample = [
      "navigate('/email/list');",
      'const a = <Link to="/register">x</Link>;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source text
      'const b = `/user/detail?userId=${id}`;',
      'const c = `/login`;',
      "const api = '/api/v1/email';",
      "import x from '../shared/x';",
      "// navigate('/email/list') in a comment",
      'const re = /\\/email\\/list/;',
      "const css = 'calc(100% / 2)';",
      "const unknown = '/no-such-area/x';",
    ].join('\n');
    expect(literalPagePaths('sample.tsx', sample)).toEqual([
      { line: 1, text: '/email/list' },
      { line: 2, text: '/register' },
      { line: 3, text: '/user/detail?userId=' },
      { line: 4, text: '/login' },
    ]);
  });

  it('features reach pages through pathTo', () => {
    const sources = sourcesUnder(featuresDir);
    expect(sources.length).toBeGreaterThan(20);
    expect(offencesIn(featuresDir, sources, literalPagePaths)).toEqual([]);
  });
});
