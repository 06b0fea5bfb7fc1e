import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { passwordSchema } from './areas/staff/endpoints.js';
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

describe('a document text says what is wrong with it', () => {
  it('too long is "too long", not "required"; missing is "required"', async () => {
    // The two files alone: `resources/index.js` loads every area (the fold), slow on a busy machine.
    const { dictionaryResource } = await import('./areas/content/dictionary.js');
    const { constantResource } = await import('./areas/content/constant.js');
    for (const schema of [dictionaryResource.schema.shape.description, constantResource.schema.shape.description]) {
      const long = schema.safeParse('x'.repeat(501));
      expect(long.success).toBe(false);
      expect(long.error?.issues.map((i) => i.message)).toEqual(['v.textTooLong']);
      expect(schema.safeParse(5).error?.issues.map((i) => i.message)).toEqual(['v.required']);
      expect(schema.safeParse(undefined).data).toBe('');
    }
  });
});

describe('every capped text field of every resource', () => {
  it('says "too long" past its cap, never "required"', async () => {
    const { resources } = await import('./resources/index.js');
    const wrong: string[] = [];
    let checked = 0;
    for (const resource of Object.values(resources) as {
      name: string;
      schema: { shape?: Record<string, z.ZodType> };
    }[]) {
      for (const [field, schema] of Object.entries(resource.schema.shape ?? {})) {
        // A text field: it takes a short word and refuses a very long one.
        if (!schema.safeParse('x').success) continue;
        const long = schema.safeParse('x'.repeat(100_001));
        if (long.success) continue;
        checked += 1;
        if (long.error.issues.some((i) => i.message === 'v.required')) wrong.push(`${resource.name}.${field}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
