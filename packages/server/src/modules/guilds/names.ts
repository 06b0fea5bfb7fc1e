import unhomoglyph from 'unhomoglyph';

/**
 * A guild name (or a filtered word) folded for comparison: Unicode NFKC (full-width and
 * compatibility forms to their plain letters), lower case, each confusable character to its
 * prototype (Unicode's confusables table, `unhomoglyph`: Cyrillic `а` is Latin `a`, `1` and `I`
 * are `l`), lower case again, runs of spaces as one. Two names with the same key look alike.
 */
export function foldName(name: string): string {
  const folded = unhomoglyph(name.normalize('NFKC').toLowerCase()).toLowerCase();
  return folded.replace(/\s+/gu, ' ').trim();
}
