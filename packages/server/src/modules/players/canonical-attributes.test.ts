import { compileConditions, conditionsSchema, countryCodes, isStorableText } from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { audiencePlayerIds, countAudience } from './audience.js';
import { readPlayerAttributes } from './service.js';
import { playerDevices, playerEvents, players } from './tables.js';

/**
 * What the game reports at login (language, country, os) is stored canonical, with the text as
 * sent beside it only where it differs; the console's count and the game's own evaluation then
 * read one value. Run on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

let ctx: TestContext;
let devices = 0;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

interface Sent {
  os: string;
  language: string;
  country?: string;
  deviceId?: string;
}

/** A game login sending these attributes; the answer as the game gets it. */
async function login(sent: Sent) {
  devices += 1;
  const { deviceId = `canon-${devices}-${Math.random().toString(36).slice(2, 8)}`, ...attrs } = sent;
  const res = await ctx.game('POST', '/api/game/v1/players/login', {
    body: { deviceId, deviceModel: 'model', appVersion: '1.0.0', ...attrs },
  });
  return { status: res.statusCode, body: res.json(), deviceId };
}

async function row(userId: number) {
  const [p] = await ctx.database.db.select().from(players).where(eq(players.id, userId));
  return p;
}

const loginEvents = async (userId: number) =>
  ctx.database.db
    .select({ data: playerEvents.data })
    .from(playerEvents)
    .where(sql`${playerEvents.userId} = ${userId} and ${playerEvents.type} = 'login'`)
    .orderBy(playerEvents.id);

describe('the game login stores what the game reports canonically', () => {
  it('stores the canonical value and keeps the text as sent only where it differs; the player page shows both', async () => {
    const turkish = await login({ os: 'İOS', language: 'vi_vn', country: 'us' });
    expect(turkish.status, JSON.stringify(turkish.body)).toBe(200);
    const userId = turkish.body.data.userId as number;
    expect(await row(userId)).toMatchObject({
      os: 'ios',
      language: 'vi-VN',
      country: 'US',
      reportedOs: 'İOS',
      reportedLanguage: 'vi_vn',
      reportedCountry: 'us',
    });
    const detail = await ctx.adminOk('GET', `/api/v1/penguin/users/detail?userId=${userId}`);
    expect(detail[userId]).toMatchObject({
      os: 'ios',
      language: 'vi-VN',
      country: 'US',
      reported: { os: 'İOS', language: 'vi_vn', country: 'us' },
    });
    // The event holds what was stored.
    expect((await loginEvents(userId)).at(-1)?.data).toMatchObject({ os: 'ios', language: 'vi-VN', country: 'US' });

    // Sent canonical: nothing kept beside it.
    const again = await login({ deviceId: turkish.deviceId, os: 'ios', language: 'vi-VN', country: 'US' });
    expect(again.body.data.userId).toBe(userId);
    expect(await row(userId)).toMatchObject({ reportedOs: null, reportedLanguage: null, reportedCountry: null });
  });

  it('a system outside the vocabulary is `other`, Intl aliases are rewritten, and what Intl refuses is no language', async () => {
    const cases: [Sent, { os: string; language: string | null }][] = [
      [
        { os: 'harmonyos', language: 'vi-VD' },
        { os: 'other', language: 'vi-VN' },
      ],
      [
        { os: 'Android', language: 'sv-aaland' },
        { os: 'android', language: 'sv-AX' },
      ],
      [
        { os: 'IOS ', language: 'iw' },
        { os: 'ios', language: 'he' },
      ],
      [
        { os: 'ios', language: 'vi-v' },
        { os: 'ios', language: null },
      ],
      [
        { os: 'ios', language: 'sv-v' },
        { os: 'ios', language: null },
      ],
      [
        { os: 'ios', language: 'vi-VN-VN' },
        { os: 'ios', language: null },
      ],
    ];
    for (const [sent, expected] of cases) {
      const res = await login(sent);
      expect(res.status).toBe(200);
      expect(await row(res.body.data.userId), JSON.stringify(sent)).toMatchObject(expected);
    }
  });

  it('a country that is no ISO code is as good as none: the last known one stays', async () => {
    const first = await login({ os: 'ios', language: 'en', country: 'de' });
    const userId = first.body.data.userId as number;
    expect(await row(userId)).toMatchObject({ country: 'DE', reportedCountry: 'de' });
    for (const country of ['ß', 'XX', 'usa']) {
      const res = await login({ deviceId: first.deviceId, os: 'ios', language: 'en', country });
      expect(res.status).toBe(200);
      expect(await row(userId)).toMatchObject({ country: 'DE', reportedCountry: country });
    }
    await login({ deviceId: first.deviceId, os: 'ios', language: 'en' });
    expect(await row(userId)).toMatchObject({ country: 'DE', reportedCountry: null });
  });

  it('16 characters of noise as the language: the answer is right and nothing is written twice', async () => {
    const noise = [
      'q9-%$#@!~^&*()_+',
      'zzzzzzzzzzzzzzzz',
      '漢字かな한글ÆØÅßøåæ€£¥',
      'en-US-not-a-tag!',
      '-_-_-_-_-_-_-_-_',
    ];
    for (const language of noise) {
      expect(language).toHaveLength(16);
      const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(players);
      const first = await login({ os: 'android', language, country: 'GB' });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const userId = first.body.data.userId as number;
      const again = await login({ deviceId: first.deviceId, os: 'android', language, country: 'GB' });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ userId, saveCount: 0 });
      // One player, one device binding, one event per login; the noise only in `reported_language`.
      const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(players);
      expect(after[0].n - before[0].n).toBe(1);
      const bound = await ctx.database.db.select().from(playerDevices).where(eq(playerDevices.userId, userId));
      expect(bound).toHaveLength(1);
      const events = await loginEvents(userId);
      expect(events).toHaveLength(2);
      expect(JSON.stringify(events)).not.toContain(JSON.stringify(language).slice(1, -1));
      expect(await row(userId)).toMatchObject({ language: null, reportedLanguage: language, country: 'GB' });
    }
  });

  it('refuses text that cannot be stored (400) and writes nothing', async () => {
    const before = await ctx.fingerprint();
    for (const language of ['en\u0000US', 'zz\u0001zzzzzzzzzzzzz', 'x'.repeat(17)]) {
      const res = await login({ os: 'ios', language });
      expect(res.status, language).toBe(400);
    }
    const os = await login({ os: 'i\u0007os', language: 'en' });
    expect(os.status).toBe(400);
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('erasing business data erases the text as sent too', async () => {
    const res = await login({ os: 'HarmonyOS', language: 'EN_gb', country: 'gb' });
    const userId = res.body.data.userId as number;
    await ctx.adminOk('POST', '/api/v1/game-users/business-data/delete', { userId, reason: 'request' });
    expect(await row(userId)).toMatchObject({
      os: null,
      language: null,
      country: null,
      reportedOs: null,
      reportedLanguage: null,
      reportedCountry: null,
    });
  });
});

describe('what the console counts is what the game gets (property, through the game API)', () => {
  /** Rules on language, country and os: each operator, languages with and without region, as an operator writes them. */
  const ruleSets: unknown[][] = [
    [{ attr: 'appLanguage', op: 'equal', value: 'vi' }],
    [{ attr: 'appLanguage', op: 'equal', value: 'vi_vn' }],
    [{ attr: 'appLanguage', op: 'equal', value: 'sv' }],
    [{ attr: 'appLanguage', op: 'equal', value: 'sr-Latn' }],
    [{ attr: 'appLanguage', op: 'include', value: ['iw', 'tl', 'sh'] }],
    [{ attr: 'appLanguage', op: 'include', value: ['sv-AX', 'vi-VD', 'en-us', 'fil-PH', 'sr-Latn-RS'] }],
    [{ attr: 'appLanguage', op: 'include', value: ['en', 'zh-Hant-TW'] }],
    [{ attr: 'appLanguage', op: 'exclude', value: ['vi'] }],
    [{ attr: 'appLanguage', op: 'exclude', value: ['vi-VN', 'zh-CN', 'he'] }],
    [{ attr: 'appLanguage', op: 'exclude', value: ['en', 'sv-AX'] }],
    [{ attr: 'country', op: 'equal', value: 'us' }],
    [{ attr: 'country', op: 'equal', value: 'SS' }],
    [{ attr: 'country', op: 'include', value: ['GB', 'it', 'VN', 'FI'] }],
    [{ attr: 'country', op: 'exclude', value: ['US'] }],
    [{ attr: 'country', op: 'exclude', value: ['DE', 'GB', 'SS'] }],
    [{ attr: 'os', op: 'equal', value: 'ios' }],
    [{ attr: 'os', op: 'equal', value: 'Android' }],
    [{ attr: 'os', op: 'include', value: ['android', 'IOS'] }],
    [{ attr: 'os', op: 'exclude', value: ['ios'] }],
    [{ attr: 'os', op: 'exclude', value: ['android', 'ios'] }],
    [
      { attr: 'appLanguage', op: 'include', value: ['en', 'vi'] },
      { attr: 'os', op: 'exclude', value: ['android'] },
      { attr: 'country', op: 'exclude', value: ['CN'] },
    ],
  ];
  const rules = ruleSets.map((set) => conditionsSchema.parse(set));
  const field = (i: number) => `audience${i}`;

  /** Text as devices send it: any case, `-` or `_`, padded with what the wire trims. */
  const anyCase = (text: string) =>
    fc
      .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
      .map((up) => [...text].map((ch, i) => (up[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''));
  const padded = (core: fc.Arbitrary<string>) =>
    fc
      .tuple(fc.constantFrom('', ' ', '\t', '\u00a0', '  '), core, fc.constantFrom('', ' ', '\u3000'))
      .map(([a, b, c]) => a + b + c);
  /** `length` characters, tag-like or anything storable in the Basic Multilingual Plane (no control characters or lone surrogates). */
  const noise = (length: number) =>
    fc
      .string({
        unit: fc.oneof(
          fc.constantFrom(...'az-_09AZ.!ßİı '),
          fc.integer({ min: 0xa0, max: 0xd7ff }).map((c) => String.fromCharCode(c)),
        ),
        minLength: length,
        maxLength: length,
      })
      .filter((t) => isStorableText(t) && t.trim() !== '');
  const languageCodes = ['vi', 'sv', 'en', 'zh', 'he', 'iw', 'tl', 'fil', 'sh', 'sr', 'de', 'in', 'id', 'eng', 'ja'];
  const regions = ['VN', 'VD', 'AX', 'US', 'GB', 'TW', 'RS', 'PH', 'DE', '419', 'aaland', 'Latn', 'Hant', 'v', 'VN-VN'];
  const language = fc.oneof(
    {
      weight: 6,
      arbitrary: padded(
        fc
          .tuple(fc.constantFrom(...languageCodes), fc.constantFrom('-', '_'), fc.option(fc.constantFrom(...regions)))
          .chain(([l, sep, r]) => anyCase(r ? `${l}${sep}${r}` : l)),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'iw',
        'tl',
        'sh',
        'vi-VD',
        'sv-aaland',
        'vi-v',
        'sv-v',
        'vi-VN-VN',
        'zh_Hant_TW',
        'sh-RS',
      ),
    },
    { weight: 2, arbitrary: noise(16) },
  );
  const country = fc.oneof(
    { weight: 3, arbitrary: padded(fc.constantFrom(...countryCodes).chain(anyCase)) },
    { weight: 2, arbitrary: fc.constantFrom('ß', ' GB ', 'XX', 'us', 'usa', 'ıt', 'İT', 'ﬁ', 'SS', 'vn') },
    { weight: 1, arbitrary: noise(4) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const os = fc.oneof(
    { weight: 3, arbitrary: padded(fc.constantFrom('android', 'ios').chain(anyCase)) },
    { weight: 2, arbitrary: fc.constantFrom('İOS', 'IOS ', 'Android', 'harmonyos', 'iPadOS', 'ıos', 'Windows') },
    { weight: 1, arbitrary: noise(32) },
  );
  const sent = fc.record({ language, country, os });

  beforeAll(async () => {
    for (const [i, conditions] of ruleSets.entries())
      await ctx.adminOk('POST', '/api/v1/resources/config', {
        name: field(i),
        type: 'boolean',
        defaultValue: false,
        values: [{ label: 'selected', conditions, value: true }],
      });
  });

  it('the audience count selects, player by player, whom the game selects', { timeout: 600_000 }, async () => {
    // Per rule set, over all runs: players selected and players left out (so no rule is vacuous).
    const seen = rules.map(() => ({ in: 0, out: 0 }));
    await fc.assert(
      fc.asyncProperty(fc.array(sent, { minLength: 100, maxLength: 140 }), async (population) => {
        await ctx.database.db.execute(sql`delete from ${players}`);
        const sentBy = new Map<number, unknown>();
        for (const s of population) {
          const res = await login({ os: s.os, language: s.language, ...(s.country ? { country: s.country } : {}) });
          expect(res.status, JSON.stringify({ s, body: res.body })).toBe(200);
          sentBy.set(res.body.data.userId, s);
        }
        const ids = [...sentBy.keys()].sort((a, b) => a - b);
        const now = ctx.clock.now();
        // The game's answers: its config fetch, and the engine over the server's attribute read.
        const fetched = new Map<number, Record<string, unknown>>();
        const attributes = new Map<number, Awaited<ReturnType<typeof readPlayerAttributes>>>();
        for (const id of ids) {
          const answer = await ctx.gameRead(`/api/game/v1/players/${id}/config`);
          expect(answer.status).toBe(200);
          fetched.set(id, answer.data.values);
          attributes.set(id, await readPlayerAttributes(ctx.database.db, id, now));
        }
        for (const [i, rule] of rules.entries()) {
          const counted = new Set(await audiencePlayerIds(ctx.database.db, rule, now, { limit: 10_000 }));
          const matches = compileConditions(rule);
          const disagreements = ids.flatMap((id) => {
            const game = fetched.get(id)![field(i)] === true;
            const engine = matches(attributes.get(id)!, now.getTime());
            return game === counted.has(id) && engine === game
              ? []
              : [{ id, sent: sentBy.get(id), stored: attributes.get(id), game, engine, counted: counted.has(id) }];
          });
          expect(disagreements, JSON.stringify(ruleSets[i])).toEqual([]);
          seen[i].in += counted.size;
          seen[i].out += ids.length - counted.size;
          expect(await countAudience(ctx.database.db, rule, now)).toEqual({
            count: counted.size,
            total: ids.length,
            estimate: false,
          });
        }
      }),
      { numRuns: 4, seed: Number(process.env.CANONICAL_SEED ?? 2026_11_28), endOnFailure: true },
    );
    for (const [i, s] of seen.entries()) {
      expect(s.in, JSON.stringify(ruleSets[i])).toBeGreaterThan(0);
      expect(s.out, JSON.stringify(ruleSets[i])).toBeGreaterThan(0);
    }
  });
});
