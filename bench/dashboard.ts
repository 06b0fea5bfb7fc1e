import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.js';
import { rollupActivity } from '../packages/server/src/modules/dashboard/rollup.js';
import { seedDemoPlayers } from '../packages/server/src/modules/players/demo.js';
import { seedDemoLogins } from '../packages/server/src/modules/players/demo-activity.js';
import { seedAdmin, seedBuiltInRoles } from '../packages/server/src/modules/staff/seed.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import { sha256 } from '../packages/server/src/platform/security/tokens.js';
import { assertRight, benchPlayerCount, log, ms, openBenchDatabase, percentile, resultLine } from './harness.js';

/**
 * The console home over BENCH_PLAYERS demo players (default 1,000,000) with a month of logins
 * (8 % of the players a day): one round is what the page asks for as an admin — every card's
 * endpoint at once, through the console API (session, guard, validation, serialisation) — with
 * the range cycling through today, 7 and 30 days. Its p99 against the p99 of a primary-key read
 * through the game API (`GET /api/game/v1/players/:userId`), alternating in the same run.
 */

const GAME_KEY = 'bench-game-key-0123456789';
const ADMIN_PASSWORD = 'bench-admin-password-1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const ranges = ['today', '7d', '30d'] as const;
/** Logins in the last minutes before measuring (8 % of a million a day is about 280 per five minutes). */
const RECENT_LOGINS = 1000;
const cards = ['moderation', 'registrations', 'staff', 'schedule', 'audit'];

export async function benchDashboard(): Promise<string> {
  const count = benchPlayerCount();
  const database = await openBenchDatabase();
  try {
    const { db } = database;
    let started = process.hrtime.bigint();
    const seeded = await seedDemoPlayers(db, count, (done) =>
      log(`seeded ${done} / ${count} players on ${database.kind}`),
    );
    const logins = await seedDemoLogins(db, seeded.firstId, seeded.lastId, { now: new Date() });
    log(`seeding ${count} players and ${logins} logins over 30 days took ${(ms(started) / 1000).toFixed(1)} s`);
    // The rollup takes in the month as a first start over an existing log would; its run is
    // dated six minutes back, as the live job's runs before "online now"'s window are.
    started = process.hrtime.bigint();
    await rollupActivity(db, { catchUp: true, now: new Date(Date.now() - 6 * 60_000) });
    log(`the rollup took in the event log in ${(ms(started) / 1000).toFixed(1)} s`);
    const sample = (
      (await db.execute(
        sql`select id, social_id as "socialId", device_id as "deviceId" from players tablesample system (1) limit 2000`,
      )) as unknown as { rows: { id: string | number; socialId: string | null; deviceId: string }[] }
    ).rows;
    const ids = sample.map((r) => Number(r.id));

    await seedBuiltInRoles(db, new Date());
    await seedAdmin(db, new Date(), ADMIN_PASSWORD);
    const config = { ...loadConfig({}), logLevel: 'silent' as const, webDist: '/nonexistent' };
    const app = await buildApp({ config, database, gameKeyHash: sha256(GAME_KEY) });
    await app.ready();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const token = signIn.json().data.token as string;
    const get = async (url: string, headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode} ${res.body}`);
      return res;
    };
    const staff = { authorization: token, 'accept-language': 'en-US' };
    const dashboard = (i: number) =>
      Promise.all([
        get(`/api/v1/dashboard/activity?range=${ranges[i % ranges.length]}`, staff),
        ...cards.map((card) => get(`/api/v1/dashboard/${card}`, staff)),
      ]);
    const read = (i: number) => get(`/api/game/v1/players/${ids[(i * 7919) % ids.length]}`, { 'x-game-key': GAME_KEY });

    // The last minutes' logins, through the game API: what "online now" counts.
    for (const p of sample.slice(0, RECENT_LOGINS)) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/game/v1/players/login',
        headers: { 'x-game-key': GAME_KEY },
        payload: {
          deviceId: p.deviceId,
          ...(p.socialId ? { socialId: p.socialId } : {}),
          deviceModel: 'Pixel 8',
          os: 'android',
          appVersion: '1.3.0',
          language: 'en',
          country: 'US',
        },
      });
      if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
    }
    await rollupActivity(db, { now: new Date() });
    await rollupActivity(db, { now: new Date() });
    const today = (await get('/api/v1/dashboard/activity?range=30d', staff)).json().data as {
      onlineNow: number;
      days: { activePlayers: number; logins: number }[];
    };
    log(
      `online now ${today.onlineNow}; active today ${today.days.at(-1)?.activePlayers}; 30-day logins ${today.days.reduce((s, d) => s + d.logins, 0)}`,
    );

    // The home must have seen what was just done: every player who logged in minutes ago is online
    // and active today, and the month's logins are the seeded ones (the oldest day may fall
    // outside a 30-day range) plus those minutes' logins.
    const recent = new Set(sample.slice(0, RECENT_LOGINS).map((p) => Number(p.id))).size;
    const monthLogins = today.days.reduce((s, d) => s + d.logins, 0);
    assertRight(recent > 0, 'no player was sampled to log in');
    assertRight(
      today.onlineNow >= recent && today.onlineNow <= count,
      `online now ${today.onlineNow}, ${recent} just logged in`,
    );
    assertRight(
      (today.days.at(-1)?.activePlayers ?? 0) >= recent,
      `active today ${today.days.at(-1)?.activePlayers}, ${recent} just logged in`,
    );
    assertRight(
      monthLogins >= logins * 0.9 && monthLogins <= logins + RECENT_LOGINS,
      `${monthLogins} logins in 30 days, ${logins} seeded + ${RECENT_LOGINS} now`,
    );
    const base: number[] = [];
    const rounds: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      let t = process.hrtime.bigint();
      await read(i);
      base.push(ms(t));
      t = process.hrtime.bigint();
      await dashboard(i);
      rounds.push(ms(t));
    }
    await app.close();
    // The first tenth warms plans and caches for both.
    const warm = Math.floor(ROUNDS / 10);
    const p99 = percentile(rounds.slice(warm), 99);
    const baseP99 = percentile(base.slice(warm), 99);
    return resultLine(
      'dashboard',
      `${p99.toFixed(1)} ms`,
      p99 / baseP99,
      `primary-key read p99 ${baseP99.toFixed(2)} ms through the game API; p99 of a whole home (6 card calls at once, ranges today/7d/30d) over ${count} players with ${logins} logins in 30 days, on ${database.kind}`,
    );
  } finally {
    await database.close();
  }
}
