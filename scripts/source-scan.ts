import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The pieces of the source-scanning tests (web: no literal page path, no `as never`; server: one
 * clock): they read sources with the TypeScript parser, so comments and strings are not code.
 * Node only; no screen or server module imports it.
 */

/** Where a scan found something: its line (from 1) and the text it reports. */
export interface Found {
  line: number;
  text: string;
}

/** The nodes of `source` that `match` reports (its text for a node, `undefined` to pass it by), in source order. */
export function findInSource(fileName: string, source: string, match: (node: ts.Node) => string | undefined): Found[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: Found[] = [];
  const visit = (node: ts.Node) => {
    const text = match(node);
    if (text !== undefined) found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

/** The TypeScript sources below `dir`, tests aside, skipping the folders named in `skip`. */
export function sourcesUnder(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) ? [] : sourcesUnder(path, skip);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every finding of `find` in `paths`, as `path:line text` with the path from `dir`: what a scan test expects empty. */
export function offencesIn(
  dir: string,
  paths: readonly string[],
  find: (fileName: string, source: string) => Found[],
): string[] {
  return paths.flatMap((path) =>
    find(path, readFileSync(path, 'utf8')).map(({ line, text }) => `${relative(dir, path)}:${line} ${text}`),
  );
}
