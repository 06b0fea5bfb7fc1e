import { describe, expect, it } from 'vitest';
import { passwordSchema } from './endpoints/staff.js';
import { isStorableText, isVisibleName, MAX_JSON_DEPTH, name, optionalText, storableIssues, text } from './text.js';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('shared text schemas', () => {
  it('refuse NUL, other control characters and lone surrogates; keep tabs, line breaks and emoji', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\ud800', '\udfffx', 'a\ud800\ud800'])
      expect(isStorableText(bad), bad).toBe(false);
    for (const ok of ['line one\nline two\tend\r\n', '企鹅 🐧', 'a\ud83d\udc27b'])
      expect(isStorableText(ok), ok).toBe(true);
    expect(messagesOf(text().safeParse('x\u0000'))).toEqual(['v.textInvalid']);
  });

  it('names also refuse invisible and direction characters that make one name look like another', () => {
    for (const bad of ['ad\u200bmin', 'admin\u202e', '\ufeffadmin', 'ad\u2066min', 'ad\u00admin'])
      expect(isVisibleName(bad), JSON.stringify(bad)).toBe(false);
    expect(messagesOf(name().safeParse('ad\u200bmin'))).toEqual(['v.nameInvisible']);
    expect(name({ required: 'v.roleNameRequired' }).safeParse('  运营组 ').data).toBe('运营组');
  });

  it('trim, bound and require with the caller’s message', () => {
    expect(messagesOf(text({ required: 'v.reasonRequired' }).safeParse('   '))).toEqual(['v.reasonRequired']);
    expect(messagesOf(text({ required: 'v.reasonRequired' }).safeParse(undefined))).toEqual(['v.reasonRequired']);
    expect(messagesOf(text({ max: 3 }).safeParse('abcd'))).toEqual(['v.textTooLong']);
    expect(optionalText().safeParse('').data).toBeUndefined();
    expect(messagesOf(optionalText().safeParse('a\u0000'))).toEqual(['v.textInvalid']);
  });

  it('a new password: 12 characters, kept as typed, one message when empty', () => {
    expect(messagesOf(passwordSchema.safeParse(''))).toEqual(['v.passwordRequired']);
    expect(messagesOf(passwordSchema.safeParse('eleven-char'))).toEqual(['v.passwordLength']);
    expect(passwordSchema.safeParse(' twelve chars ').data).toBe(' twelve chars ');
    expect(messagesOf(passwordSchema.safeParse('twelve-chars\u0000'))).toEqual(['v.textInvalid']);
  });

  it('storable JSON: every string, key and number of a value, and its depth, without recursion', () => {
    expect(storableIssues({ a: ['ok', 1, true, null, { b: 'fine\n' }] })).toEqual([]);
    const issues = storableIssues({ a: ['x\u0000'], 'k\ud800': 1, n: [1, Number.POSITIVE_INFINITY], m: Number.NaN });
    expect(issues).toHaveLength(4);
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ['a', 0], message: 'v.textInvalid' },
        { path: ['k\ud800'], message: 'v.textInvalid' },
        { path: ['n', 1], message: 'v.numberOutOfRange' },
        { path: ['m'], message: 'v.numberOutOfRange' },
      ]),
    );
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const [issue] = storableIssues({ value: deep });
    expect(issue.message).toBe('v.jsonTooDeep');
    expect(issue.path).toHaveLength(MAX_JSON_DEPTH);
    let shallow: unknown = 'x';
    for (let i = 1; i < MAX_JSON_DEPTH; i += 1) shallow = [shallow];
    expect(storableIssues(shallow)).toEqual([]);
    expect(storableIssues(Array.from({ length: 50 }, () => '\u0000'))).toHaveLength(20);
  });
});
