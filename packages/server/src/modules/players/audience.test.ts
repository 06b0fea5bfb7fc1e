import {
  type ConditionRule,
  compileConditions,
  conditionsSchema,
  DAY_MS,
  initialPlayerState,
} from '@rookery/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { audienceWhere, countAudience, roundEstimate } from './audience.js';
import { playerAttributes } from './service.js';
import { players } from './tables.js';

/**
 * The audience count compiles the condition engine to SQL: the same condition sets, run in SQL
 * and in memory (the engine over `playerAttributes(row)`, as mail and config run it) over one
 * seeded population with the awkward values players send, select the same players.
 */

let ctx: TestContext;
const NOW = new Date('2026-06-15T12:00:00.000Z');

/** A small deterministic generator, so a failure is reproducible. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const oses = ['android', 'ios', 'iOS', ' IOS ', 'Android', '', null, 'windows'];
const versions = [
  '1.9',
  '1.10',
  '1.10.0',
  '1.2',
  '1.2.0',
  '01.2',
  '1.2.3.4',
  '1.2.3.4.5',
  'abc',
  '',
  null,
  ' 1.10 ',
  '2',
  '1.9.9',
  '999999999.1',
];
const languages = [
  'en-US',
  'en_us',
  'EN',
  'en-GB',
  'zh-Hans-CN',
  'zh-CN',
  'zh',
  'fr',
  '',
  null,
  'english',
  'x',
  'pt-BR',
];
const countries = ['US', 'us', ' cn', 'CN', 'FR', '', null, 'XX', 'gb'];
const loginOffsets = [
  null,
  0,
  -1,
  -DAY_MS,
  -DAY_MS + 1,
  -3 * DAY_MS,
  -3 * DAY_MS + 1,
  -3 * DAY_MS - 1,
  -4 * DAY_MS + 1,
  -30 * DAY_MS,
  -400 * DAY_MS,
  3_600_000,
  -7 * DAY_MS - 12_345,
];

const pick = <T>(rnd: () => number, xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
  const rnd = random(22);
  const rows = Array.from({ length: 1500 }, () => {
    const offset = pick(rnd, loginOffsets);
    return {
      os: pick(rnd, oses),
      appVersion: pick(rnd, versions),
      language: pick(rnd, languages),
      country: pick(rnd, countries),
      isPayer: rnd() < 0.3,
      habitatCount: Math.floor(rnd() * 6),
      lastLoginAt: offset === null ? null : new Date(NOW.getTime() + offset),
      state: initialPlayerState(),
    };
  });
  await ctx.database.db.insert(players).values(rows);
});
afterAll(() => ctx?.close());

const sets: Record<string, unknown[]> = {
  everyone: [],
  'os equal ios (any case)': [{ attr: 'os', op: 'equal', value: 'iOS' }],
  'os include': [{ attr: 'os', op: 'include', value: ['ANDROID', 'ios'] }],
  'os exclude (missing os excluded too)': [{ attr: 'os', op: 'exclude', value: ['android'] }],
  'version ≥ 1.10 (1.10 > 1.9)': [{ attr: 'appVersion', op: 'gte', value: '1.10' }],
  'version ≤ 1.9': [{ attr: 'appVersion', op: 'lte', value: '1.9' }],
  'version equal 1.2 (= 1.2.0, 01.2)': [{ attr: 'appVersion', op: 'equal', value: '1.2.0' }],
  'version include': [{ attr: 'appVersion', op: 'include', value: ['1.10', '2.0', '1.2.3.4'] }],
  'version exclude': [{ attr: 'appVersion', op: 'exclude', value: ['1.10.0', '1.2'] }],
  'language primary en (every region)': [{ attr: 'appLanguage', op: 'equal', value: 'en' }],
  'language en-us exactly': [{ attr: 'appLanguage', op: 'include', value: ['en-us', 'zh-hans-cn'] }],
  'language exclude': [{ attr: 'appLanguage', op: 'exclude', value: ['zh', 'fr'] }],
  'country include': [{ attr: 'country', op: 'include', value: ['us', 'CN'] }],
  'country exclude': [{ attr: 'country', op: 'exclude', value: ['US'] }],
  'country equal gb': [{ attr: 'country', op: 'equal', value: 'GB' }],
  'last login since': [{ attr: 'lastLogin', op: 'gte', value: new Date(NOW.getTime() - 3 * DAY_MS).toISOString() }],
  'last login before': [{ attr: 'lastLogin', op: 'lte', value: new Date(NOW.getTime() - DAY_MS).toISOString() }],
  'away ≥ 3 days': [{ attr: 'notLoginDays', op: 'gte', value: 3 }],
  'away ≥ 0 days (never logged in fails)': [{ attr: 'notLoginDays', op: 'gte', value: 0 }],
  'away ≤ 3 days': [{ attr: 'notLoginDays', op: 'lte', value: 3 }],
  'away exactly 3 days': [{ attr: 'notLoginDays', op: 'equal', value: 3 }],
  'away exactly 0 days (future login counts 0)': [{ attr: 'notLoginDays', op: 'equal', value: 0 }],
  'away ≤ 0': [{ attr: 'notLoginDays', op: 'lte', value: 0 }],
  payers: [{ attr: 'userType', op: 'equal', value: 'payment' }],
  'user type include normal': [{ attr: 'userType', op: 'include', value: ['normal'] }],
  'user type all': [{ attr: 'userType', op: 'include', value: ['all'] }],
  'habitats ≥ 3': [{ attr: 'habitatCount', op: 'gte', value: 3 }],
  'habitats exclude': [{ attr: 'habitatCount', op: 'exclude', value: [0, 5] }],
  'habitats equal 2': [{ attr: 'habitatCount', op: 'equal', value: 2 }],
  'several rules': [
    { attr: 'os', op: 'equal', value: 'ios' },
    { attr: 'appVersion', op: 'gte', value: '1.2' },
    { attr: 'country', op: 'include', value: ['US', 'CN'] },
    { attr: 'notLoginDays', op: 'lte', value: 7 },
  ],
  'nobody (contradiction)': [
    { attr: 'habitatCount', op: 'gte', value: 4 },
    { attr: 'habitatCount', op: 'lte', value: 1 },
  ],
};

async function inMemory(rules: ConditionRule[]): Promise<number[]> {
  const rows = await ctx.database.db.select().from(players);
  const matches = compileConditions(rules);
  return rows
    .filter((r) => matches(playerAttributes(r, NOW), NOW.getTime()))
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

async function inSql(rules: ConditionRule[]): Promise<number[]> {
  const rows = await ctx.database.db.select({ id: players.id }).from(players).where(audienceWhere(rules, NOW));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe('audience: SQL ≡ the in-memory condition engine', () => {
  for (const [name, input] of Object.entries(sets)) {
    it(name, async () => {
      const rules = conditionsSchema.parse(input);
      const expected = await inMemory(rules);
      expect(await inSql(rules)).toEqual(expected);
      const counted = await countAudience(ctx.database.db, rules, NOW);
      expect(counted).toEqual({ count: expected.length, total: 1500, estimate: false });
    });
  }

  it('the edge cases are in the population (the comparison proves something)', async () => {
    const n = async (input: unknown[]) => (await inMemory(conditionsSchema.parse(input))).length;
    expect(await n(sets['version ≥ 1.10 (1.10 > 1.9)'])).toBeGreaterThan(0);
    expect(await n(sets['version ≤ 1.9'])).toBeGreaterThan(0);
    expect(await n(sets['os equal ios (any case)'])).toBeGreaterThan(
      (await n([{ attr: 'os', op: 'equal', value: 'ios' }])) - 1,
    );
    expect(await n(sets['away exactly 3 days'])).toBeGreaterThan(0);
    expect(await n(sets['nobody (contradiction)'])).toBe(0);
  });
});

describe('audience estimate above the exact limit', () => {
  it('samples pages, scales and rounds, and says it is an estimate', async () => {
    const rules = conditionsSchema.parse([{ attr: 'habitatCount', op: 'lte', value: 4 }]);
    const exact = (await inMemory(rules)).length;
    const estimated = await countAudience(ctx.database.db, rules, NOW, { exactPages: 0, samplePages: 20 });
    expect(estimated.estimate).toBe(true);
    expect(estimated.total).toBeGreaterThan(1500 * 0.5);
    expect(estimated.total).toBeLessThan(1500 * 1.5);
    expect(estimated.count).toBeGreaterThan(exact * 0.5);
    expect(estimated.count).toBeLessThan(exact * 1.5);
    // The same data gives the same answer (the sample has a fixed seed).
    expect(await countAudience(ctx.database.db, rules, NOW, { exactPages: 0, samplePages: 20 })).toEqual(estimated);
  });

  it('counts exactly when the sample finds too few players to say anything', async () => {
    const rules = conditionsSchema.parse([
      { attr: 'habitatCount', op: 'equal', value: 5 },
      { attr: 'os', op: 'equal', value: 'ios' },
      { attr: 'country', op: 'equal', value: 'FR' },
    ]);
    const exact = (await inMemory(rules)).length;
    expect(await countAudience(ctx.database.db, rules, NOW, { exactPages: 0, samplePages: 20 })).toEqual({
      count: exact,
      total: 1500,
      estimate: false,
    });
  });

  it('rounds to three significant figures', () => {
    expect(roundEstimate(41_237)).toBe(41_200);
    expect(roundEstimate(999)).toBe(999);
    expect(roundEstimate(1_004_999)).toBe(1_000_000);
    expect(roundEstimate(0)).toBe(0);
  });
});

describe('POST /api/v1/audience/count', () => {
  it('counts the players a condition set selects, and every player without conditions', async () => {
    const before = await ctx.fingerprint();
    const res = await ctx.call('POST', '/api/v1/audience/count', {
      token: ctx.adminToken,
      body: { conditions: [{ attr: 'os', op: 'equal', value: 'IOS' }] },
    });
    expect(res.statusCode).toBe(200);
    const expected = (await inMemory(conditionsSchema.parse([{ attr: 'os', op: 'equal', value: 'ios' }]))).length;
    expect(res.json().data).toEqual({ count: expected, total: 1500, estimate: false });
    const all = await ctx.call('POST', '/api/v1/audience/count', { token: ctx.adminToken, body: { conditions: [] } });
    expect(all.json().data).toEqual({ count: 1500, total: 1500, estimate: false });
    // A read: no audit record, nothing changed.
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('answers bad input with a message in the operator’s language, never 500', async () => {
    const bodies = [
      { conditions: [{ attr: 'os', op: 'equal', value: 'symbian' }] },
      { conditions: [{ attr: 'shoeSize', op: 'equal', value: 3 }] },
      { conditions: [{ attr: 'appVersion', op: 'gte', value: '1.x' }] },
      { conditions: [{ attr: 'lastLogin', op: 'equal', value: '2026-01-01T00:00:00Z' }] },
      { conditions: 'os=ios' },
      { conditions: [{ attr: 'country', op: 'include', value: [] }] },
      {},
      'not json',
    ];
    for (const body of bodies) {
      const res = await ctx.call('POST', '/api/v1/audience/count', { token: ctx.adminToken, body, locale: 'zh-CN' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
  // 403 without permission: the generic endpoint contract test covers every role and endpoint.

  it('may be counted by whoever may see maintenance windows, and by no one without any of its permissions', async () => {
    const body = { conditions: [{ attr: 'os', op: 'include', value: ['android'] }] };
    const made = await ctx.call('POST', '/api/v1/role', {
      token: ctx.adminToken,
      body: { roleName: 'maintenanceReader', content: ['maintenanceQuery'] },
    });
    expect(made.statusCode).toBe(200);
    const reader = await ctx.userWithRole('maintenanceReader');
    const ok = await ctx.call('POST', '/api/v1/audience/count', { token: reader.token, body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.total).toBe(1500);
    const other = await ctx.call('POST', '/api/v1/role', {
      token: ctx.adminToken,
      body: { roleName: 'dictReader', content: ['dictQuery'] },
    });
    expect(other.statusCode).toBe(200);
    const outsider = await ctx.userWithRole('dictReader');
    const refused = await ctx.call('POST', '/api/v1/audience/count', { token: outsider.token, body });
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST /api/v1/email/recipients/check', () => {
  it('says how many IDs were read and which are not players', async () => {
    const [first] = await ctx.database.db.select({ id: players.id }).from(players).limit(1);
    const res = await ctx.call('POST', '/api/v1/email/recipients/check', {
      token: ctx.adminToken,
      body: { userIdInput: `${first.id}\n99999999, ${first.id} 88888888` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ read: 3, unknown: [99999999, 88888888] });
    const bad = await ctx.call('POST', '/api/v1/email/recipients/check', {
      token: ctx.adminToken,
      body: { userIdInput: '12 abc' },
      locale: 'en-US',
    });
    expect(bad.statusCode).toBe(400);
  });
});
