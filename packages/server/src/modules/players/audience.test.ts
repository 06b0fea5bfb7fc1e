import {
  type ConditionRule,
  canonicalCountry,
  canonicalLanguage,
  canonicalOs,
  compileConditions,
  conditionsSchema,
  countryCodes,
  DAY_MS,
  initialPlayerState,
} from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { audienceWhere, countAudience, roundEstimate } from './audience.js';
import { playerAttributes } from './service.js';
import { players } from './tables.js';

/**
 * The audience count compiles the condition engine to SQL. Two kinds of proof: hand-written
 * players with the answer written down (not taken from the engine), and a property test over
 * generated attribute values — every ISO language and country code, in any case, with `-` or `_`,
 * wrapped in the whitespace JavaScript trims — where the SQL predicate must select exactly the
 * players the engine (over `playerAttributes(row)`, as mail and config run it) selects. Language,
 * country and os are stored as the game login stores them (`stored`: contracts' canonical forms);
 * `canonical-attributes.test.ts` logs them in through the game API itself. The harness runs this
 * file on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set: the two read SQL text
 * differently (a `\v` escape once trimmed the letter v on PostgreSQL only).
 */

/** A player's reported attributes as the login stores them (canonical; see `canonicalAttributes`). */
const stored = <T extends { os?: string | null; language?: string | null; country?: string | null }>(p: T): T => ({
  ...p,
  ...(p.os !== undefined ? { os: p.os === null ? null : canonicalOs(p.os) } : {}),
  ...(p.language !== undefined ? { language: p.language === null ? null : canonicalLanguage(p.language) } : {}),
  ...(p.country !== undefined ? { country: p.country === null ? null : canonicalCountry(p.country) } : {}),
});

let ctx: TestContext;
const NOW = new Date('2026-06-15T12:00:00.000Z');

/** A small deterministic generator, so the estimate tests' population is reproducible. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(rnd: () => number, xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];

/** Players of the estimate and endpoint tests (the property test uses a table of its own, see below). */
async function seedPopulation(count: number) {
  const rnd = random(22);
  const rows = Array.from({ length: count }, () => ({
    ...stored({
      os: pick(rnd, ['android', 'ios', 'iOS', ' IOS ', 'Android', '', null, 'windows']),
      language: pick(rnd, ['en-US', 'en_us', 'zh-CN', 'vi-VN', '', null, 'fr']),
      country: pick(rnd, ['US', 'us', ' cn', 'VN', 'vn', '', null, 'FR']),
    }),
    appVersion: pick(rnd, ['1.9', '1.10', '1.2.0', 'abc', '', null, ' 2 ']),
    isPayer: rnd() < 0.3,
    habitatCount: Math.floor(rnd() * 6),
    lastLoginAt: rnd() < 0.1 ? null : new Date(NOW.getTime() - Math.floor(rnd() * 30 * DAY_MS)),
    state: initialPlayerState(),
    firstLoginAt: NOW,
    updatedAt: NOW,
  }));
  await ctx.database.db.insert(players).values(rows);
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
});
afterAll(() => ctx?.close());

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

type Seeded = Partial<
  Pick<typeof players.$inferInsert, 'os' | 'appVersion' | 'language' | 'country' | 'isPayer' | 'habitatCount'>
> & {
  away?: number | null;
};

/**
 * Replace the players with `named` and answer which names a condition set selects — in SQL and
 * in the engine, each checked against the names written in the test.
 */
async function withPlayers(named: Record<string, Seeded>) {
  await ctx.database.db.delete(players);
  const names = Object.keys(named);
  const inserted = await ctx.database.db
    .insert(players)
    .values(
      names.map((name) => {
        const { away, ...p } = named[name];
        return {
          habitatCount: 0,
          ...stored(p),
          lastLoginAt: away === null ? null : new Date(NOW.getTime() - (away ?? 0)),
          state: initialPlayerState(),
          firstLoginAt: NOW,
          updatedAt: NOW,
        };
      }),
    )
    .returning({ id: players.id });
  const nameOf = new Map(inserted.map((r, i) => [r.id, names[i]]));
  const toNames = (ids: number[]) => ids.map((id) => nameOf.get(id)!).sort();
  return async (input: unknown[]) => {
    const rules = conditionsSchema.parse(input);
    return { sql: toNames(await inSql(rules)), engine: toNames(await inMemory(rules)) };
  };
}

describe('audience: hand-written cases', () => {
  const cases: { name: string; players: Record<string, Seeded>; rules: unknown[]; expected: string[] }[] = [
    {
      name: 'a language starting with v (vi) and a country sent in lower case (vn)',
      players: {
        viVN: { language: 'vi-VN', country: 'vn' },
        vi: { language: ' vi\v', country: 'VN\f' },
        viUnderscore: { language: 'VI_vn', country: '\tVn ' },
        en: { language: 'en-VN', country: 'US' },
        none: { language: null, country: null },
      },
      rules: [{ attr: 'appLanguage', op: 'equal', value: 'vi' }],
      expected: ['vi', 'viUnderscore', 'viVN'],
    },
    {
      name: 'country vn in any case and whitespace',
      players: {
        a: { country: 'vn' },
        b: { country: ' VN\v' },
        c: { country: '\u00a0Vn\u3000' },
        d: { country: 'V N' },
        e: { country: '' },
        f: { country: null },
      },
      rules: [{ attr: 'country', op: 'equal', value: 'VN' }],
      expected: ['a', 'b', 'c'],
    },
    {
      name: 'language not zh and os not ios (a missing attribute fails exclude too)',
      players: {
        viAndroid: { language: 'vi', os: 'android' },
        vnIos: { language: 'vi-VN', os: ' iOS' },
        zhAndroid: { language: 'zh_Hans_CN', os: 'android' },
        enNoOs: { language: 'en', os: null },
        noLanguage: { language: null, os: 'android' },
        enWindows: { language: 'en-GB\v', os: 'Windows' },
      },
      rules: [
        { attr: 'appLanguage', op: 'exclude', value: ['zh'] },
        { attr: 'os', op: 'exclude', value: ['ios'] },
      ],
      expected: ['enWindows', 'viAndroid'],
    },
    {
      name: 'languages Intl renames (iw is he, tl is fil, sh is sr-Latn)',
      players: {
        iw: { language: 'iw' },
        heIL: { language: 'he-IL' },
        tl: { language: 'TL_ph' },
        sh: { language: 'sh-RS' },
        sr: { language: 'sr' },
      },
      rules: [{ attr: 'appLanguage', op: 'include', value: ['he', 'fil', 'sr-Latn-RS'] }],
      expected: ['heIL', 'iw', 'sh', 'tl'],
    },
    {
      name: 'exact language with region, either separator',
      players: { a: { language: 'en_us' }, b: { language: 'EN-US' }, c: { language: 'en' }, d: { language: 'en-GB' } },
      rules: [{ attr: 'appLanguage', op: 'equal', value: 'en-us' }],
      expected: ['a', 'b'],
    },
    {
      name: 'versions compare by number; an unreadable version matches nothing',
      players: {
        v19: { appVersion: '1.9' },
        v110: { appVersion: ' 1.10\v' },
        v1100: { appVersion: '1.10.0' },
        v2: { appVersion: '2' },
        bad: { appVersion: '1.x' },
        v: { appVersion: 'v1.10' },
        none: { appVersion: null },
      },
      rules: [{ attr: 'appVersion', op: 'gte', value: '1.10' }],
      expected: ['v110', 'v1100', 'v2'],
    },
    {
      name: 'away at least 3 days (never logged in fails)',
      players: {
        today: { away: 0 },
        almost3: { away: 3 * DAY_MS - 1 },
        exactly3: { away: 3 * DAY_MS },
        long: { away: 400 * DAY_MS },
        never: { away: null },
      },
      rules: [{ attr: 'notLoginDays', op: 'gte', value: 3 }],
      expected: ['exactly3', 'long'],
    },
    {
      name: 'payers with at least 2 habitats',
      players: {
        a: { isPayer: true, habitatCount: 2 },
        b: { isPayer: true, habitatCount: 1 },
        c: { isPayer: false, habitatCount: 5 },
      },
      rules: [
        { attr: 'userType', op: 'equal', value: 'payment' },
        { attr: 'habitatCount', op: 'gte', value: 2 },
      ],
      expected: ['a'],
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const select = await withPlayers(c.players);
      const { sql: bySql, engine } = await select(c.rules);
      expect(engine).toEqual(c.expected);
      expect(bySql).toEqual(c.expected);
    });
  }
});

/** Two-letter language codes Intl can name in English: the ISO 639-1 codes (and their old aliases). */
const languageCodes = (() => {
  const names = new Intl.DisplayNames('en', { type: 'language' });
  const out: string[] = [];
  for (let a = 97; a <= 122; a += 1)
    for (let b = 97; b <= 122; b += 1) {
      const code = String.fromCharCode(a, b);
      if (names.of(code) !== code) out.push(code);
    }
  return out;
})();

/** Every character JavaScript's trim removes, from the runtime. */
const whitespace = Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c)).filter((ch) => ch.trim() === '');

describe('audience: SQL selects exactly what the engine selects (property)', () => {
  const anyCase = (text: string) =>
    fc
      .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
      .map((upper) => [...text].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''));
  const padded = (core: fc.Arbitrary<string>) =>
    fc
      .tuple(
        fc.array(fc.constantFrom(...whitespace, ' ', '\v', '\f', '\t'), { maxLength: 2 }),
        core,
        fc.array(fc.constantFrom(...whitespace, ' ', '\v', '\f', '\t'), { maxLength: 2 }),
      )
      .map(([before, text, after]) => before.join('') + text + after.join(''));
  const language = fc.oneof(
    { weight: 8, arbitrary: padded(fc.constantFrom(...languageCodes).chain(anyCase)) },
    {
      weight: 8,
      arbitrary: padded(
        fc
          .tuple(fc.constantFrom(...languageCodes), fc.constantFrom('-', '_'), fc.constantFrom(...countryCodes))
          .chain(([l, sep, c]) => fc.tuple(anyCase(l), anyCase(c)).map(([a, b]) => `${a}${sep}${b}`)),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', 'english', 'x', 'zh-Hans-CN', 'v', 'vv', '1.0', 'vi-v', 'vi-VD', 'sv-aaland'),
    },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const country = fc.oneof(
    { weight: 8, arbitrary: padded(fc.constantFrom(...countryCodes).chain(anyCase)) },
    { weight: 1, arbitrary: fc.constantFrom('', 'V', 'XX', 'usa', 'U S', 'ß') },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const os = fc.oneof(
    padded(fc.constantFrom('android', 'ios').chain(anyCase)),
    fc.constantFrom('', 'windows', null, 'vios', 'İOS'),
  );
  const version = fc.oneof(
    padded(fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 5 }).map((parts) => parts.join('.'))),
    fc.constantFrom('', 'abc', 'v1.2', '1..2', null),
  );
  const player = fc.record({
    language,
    country,
    os,
    appVersion: version,
    isPayer: fc.boolean(),
    habitatCount: fc.integer({ min: 0, max: 5 }),
    away: fc.option(fc.integer({ min: -DAY_MS, max: 40 * DAY_MS }), { nil: null }),
  });

  /** Rule values drawn from the same codes, as an operator writes them (any case, `_`). */
  const languageValue = fc.oneof(
    fc.constantFrom(...languageCodes),
    fc
      .tuple(fc.constantFrom(...languageCodes), fc.constantFrom('-', '_'), fc.constantFrom(...countryCodes))
      .map(([l, sep, c]) => `${l}${sep}${c.toLowerCase()}`),
  );
  const rule = fc.oneof(
    fc.record({
      attr: fc.constant('appLanguage'),
      op: fc.constantFrom('equal', 'include', 'exclude'),
      value: fc.array(languageValue, { minLength: 1, maxLength: 4 }),
    }),
    fc.record({
      attr: fc.constant('country'),
      op: fc.constantFrom('equal', 'include', 'exclude'),
      value: fc.array(fc.constantFrom(...countryCodes).chain(anyCase), { minLength: 1, maxLength: 6 }),
    }),
    fc.record({
      attr: fc.constant('os'),
      op: fc.constantFrom('equal', 'include', 'exclude'),
      value: fc.array(fc.constantFrom('android', 'ios', 'IOS'), { minLength: 1, maxLength: 2 }),
    }),
    fc.record({
      attr: fc.constant('appVersion'),
      op: fc.constantFrom('equal', 'gte', 'lte', 'include', 'exclude'),
      value: fc.array(
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 4 }).map((p) => p.join('.')),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
    }),
    fc.record({
      attr: fc.constant('notLoginDays'),
      op: fc.constantFrom('equal', 'gte', 'lte'),
      value: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 1 }),
    }),
    fc.record({
      attr: fc.constant('habitatCount'),
      op: fc.constantFrom('equal', 'gte', 'lte', 'include', 'exclude'),
      value: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
    }),
  );
  /** A rule as the schema wants it: one value for single operators, a list for include/exclude. */
  const asInput = (r: { attr: string; op: string; value: (string | number)[] }) => ({
    ...r,
    value: r.op === 'include' || r.op === 'exclude' ? r.value : r.value[0],
  });

  it('on generated players and condition sets', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(player, { minLength: 150, maxLength: 250 }),
        fc.array(fc.array(rule, { minLength: 1, maxLength: 3 }), { minLength: 6, maxLength: 6 }),
        async (population, sets) => {
          const select = await withPlayers(Object.fromEntries(population.map((p, i) => [`p${i}`, p])));
          for (const set of sets) {
            const { sql: bySql, engine } = await select(set.map(asInput));
            expect(bySql).toEqual(engine);
          }
        },
      ),
      { numRuns: 12, seed: Number(process.env.AUDIENCE_SEED ?? 2026_11_24), endOnFailure: true },
    );
  });

  it('reaches the values that once went wrong (the generators cover them)', () => {
    expect(languageCodes).toEqual(expect.arrayContaining(['vi', 'iw', 'tl', 'sh', 'zh', 'en']));
    expect(languageCodes.length).toBeGreaterThanOrEqual(180);
    expect(whitespace).toEqual(expect.arrayContaining(['\v', '\f', '\t', '\u00a0', '\u3000', '\ufeff']));
  });
});

describe('audience estimate above the exact limit', () => {
  beforeAll(async () => {
    // Truncate, not delete: the estimate reads the table's size in pages, dead rows included.
    await ctx.database.db.execute(sql`truncate ${players} cascade`);
    await seedPopulation(1500);
  });

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
    const reader = await ctx.userWithPermissions('maintenanceReader', ['maintenanceQuery']);
    const ok = await ctx.call('POST', '/api/v1/audience/count', { token: reader.token, body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.total).toBe(1500);
    const outsider = await ctx.userWithPermissions('dictReader', ['dictQuery']);
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
