import { eq, sql } from 'drizzle-orm';
import { searchPlayers } from '../packages/server/src/modules/players/queries.js';
import { players } from '../packages/server/src/modules/players/tables.js';
import {
  againstPlayerRead,
  BENCH_CONCURRENCY,
  benchGameApp,
  benchPlayerCount,
  benchSeconds,
  ms,
  openBenchDatabase,
  percentile,
  resultLine,
  seedBenchPlayers,
} from './harness.js';

/**
 * Players' hot paths over BENCH_PLAYERS demo players (default 1,000,000):
 *  - game login of an existing player, throughput through the game API, against the game API's
 *    single-row primary-key read (`GET /api/game/v1/players/:userId`: same HTTP, auth, validation,
 *    serialisation and database path, one PK select). Target ratio ≥ 0.5.
 *  - console search by each ID kind (service function, same Drizzle path), p99 against the p99 of
 *    a primary-key select of the same players. Target ratio ≤ 2.
 */

const SECONDS = benchSeconds(10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000);

interface Sample {
  id: number;
  socialId: string | null;
  deviceId: string;
  anonymousId: string;
  os: string;
  appVersion: string;
  language: string;
  country: string;
  deviceModel: string;
}

export async function benchPlayers(): Promise<string[]> {
  const count = benchPlayerCount();
  const database = await openBenchDatabase();
  try {
    await seedBenchPlayers(database, count);
    const { db } = database;
    const sample = (
      (await db.execute(sql`
        select id, social_id as "socialId", device_id as "deviceId", anonymous_id as "anonymousId", os,
          app_version as "appVersion", language, country, device_model as "deviceModel"
        from players ${count >= 200_000 ? sql`tablesample system (1)` : sql``} limit 2000`)) as unknown as {
        rows: Sample[];
      }
    ).rows.map((r) => ({ ...r, id: Number(r.id) }));
    const withSocial = sample.filter((s) => s.socialId);

    const game = await benchGameApp(
      database,
      sample.map((p) => p.id),
    );
    const { app, headers } = game;
    // The same stride as the read's: the i-th login is the i-th read's player.
    const pick = (i: number) => sample[(i * 7919) % sample.length];
    const login = async (i: number) => {
      const p = pick(i);
      const res = await app.inject({
        method: 'POST',
        url: '/api/game/v1/players/login',
        headers,
        payload: {
          deviceId: p.deviceId,
          ...(p.socialId ? { socialId: p.socialId } : {}),
          deviceModel: p.deviceModel,
          os: p.os,
          appVersion: p.appVersion,
          language: p.language,
          country: p.country,
        },
      });
      if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
    };
    const lines = [
      await againstPlayerRead(
        'players-game-login',
        game,
        login,
        SECONDS,
        `logins/s of existing players among ${count} (concurrency ${BENCH_CONCURRENCY})`,
      ),
    ];

    const kinds = {
      userId: (s: Sample) => ({ userId: s.id }),
      socialId: (s: Sample) => ({ socialId: s.socialId! }),
      deviceId: (s: Sample) => ({ deviceId: s.deviceId }),
      anonymousId: (s: Sample) => ({ anonymousId: s.anonymousId }),
    };
    for (const [kind, key] of Object.entries(kinds)) {
      const pool = kind === 'socialId' ? withSocial : sample;
      const base: number[] = [];
      const search: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const s = pool[(i * 7919) % pool.length];
        let t = process.hrtime.bigint();
        const [row] = await db.select().from(players).where(eq(players.id, s.id));
        base.push(ms(t));
        t = process.hrtime.bigint();
        const found = await searchPlayers(db, key(s), new Date());
        search.push(ms(t));
        if (!row || !found.some((f) => f.userId === s.id)) throw new Error(`search by ${kind} missed ${s.id}`);
      }
      // The first tenth warms plans and caches for both.
      const warm = Math.floor(ROUNDS / 10);
      const p99 = percentile(search.slice(warm), 99);
      const baseP99 = percentile(base.slice(warm), 99);
      lines.push(
        resultLine(
          `players-search-${kind}`,
          `p99 ${p99.toFixed(3)} ms over ${count} players`,
          p99 / baseP99,
          `primary-key lookup p99 ${baseP99.toFixed(3)} ms`,
        ),
      );
    }
    return lines;
  } finally {
    await database.close();
  }
}
