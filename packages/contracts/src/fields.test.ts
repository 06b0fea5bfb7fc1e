import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { labelsIn, mailScopeLabels } from './enums.js';
import { idParams, isoDate, optionalIsoDate, optionalRowId, playerUserId } from './fields.js';

describe('shared fields', () => {
  it('isoDate encodes a Date as an ISO-8601 UTC string and decodes it back', () => {
    const d = new Date('2026-01-02T03:04:05.678+08:00');
    expect(z.encode(isoDate, d)).toBe('2026-01-01T19:04:05.678Z');
    expect(z.decode(isoDate, '2026-01-01T19:04:05.678Z')).toEqual(d);
    expect(z.encode(optionalIsoDate, null)).toBeNull();
    const row = z.object({ at: isoDate, n: z.number() });
    expect(JSON.parse(JSON.stringify(z.encode(row, { at: d, n: 1 })))).toEqual({
      at: '2026-01-01T19:04:05.678Z',
      n: 1,
    });
  });

  it('isoDate refuses what is not a valid Date on the way out', () => {
    expect(z.safeEncode(isoDate, new Date('x')).success).toBe(false);
    expect(z.safeEncode(isoDate, '2026-01-01' as unknown as Date).success).toBe(false);
  });

  it('ids: row ids within a PostgreSQL integer, blanks as absent, user IDs from digits', () => {
    expect(idParams.parse({ id: '12' })).toEqual({ id: 12 });
    expect(idParams.safeParse({ id: '3000000000' }).success).toBe(false);
    expect(optionalRowId.parse('')).toBeUndefined();
    expect(optionalRowId.parse(null)).toBeUndefined();
    expect(playerUserId.parse(' 42 ')).toBe(42);
    expect(playerUserId.safeParse('4x').success).toBe(false);
    // Whatever is wrong with it, a user ID says so in the catalogue's words, not the library's.
    for (const bad of ['4x', 'abc', '0', -3, 1.5])
      expect(playerUserId.safeParse(bad).error?.issues.map((i) => i.message)).toEqual(['v.userIdFormat']);
  });

  it('enum labels come in both languages', () => {
    expect(labelsIn(mailScopeLabels, 'en-US').global).toBe('Global mail');
    expect(labelsIn(mailScopeLabels, 'zh-CN').personal).toBe('个人邮件');
  });
});
