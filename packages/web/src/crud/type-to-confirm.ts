/**
 * Whether what the operator typed is the number or word a confirmation asked for (UX.md §1:
 * "all players" scopes and the irreversible). Spaces, case and thousands separators do not
 * matter: "12,345", "12 345" and "12345" all confirm 12,345; a word is compared case-insensitively.
 */
export function typedMatches(typed: string, expected: string | number): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .replace(/[\s,，.'’_]/g, '')
      .toLowerCase();
  const want = norm(String(expected));
  return want !== '' && norm(typed) === want;
}
