import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
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
