import { type PushSendBody, pushSendBodySchema } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { audienceWhere } from '../packages/server/src/modules/players/audience.js';
import { seedDemoPlayers } from '../packages/server/src/modules/players/demo.js';
import {
  createSend,
  DELIVER_BATCH,
  deliverBatch,
  finishZone,
  zonedTimeToUtc,
} from '../packages/server/src/modules/push/sends.js';
import { pushOutbox } from '../packages/server/src/modules/push/tables.js';
import type { Database } from '../packages/server/src/platform/db/client.js';
import {
  assertRight,
  benchPlayerCount,
  benchSeconds,
  log,
  ms,
  openBenchDatabase,
  percentile,
  resultLine,
  seedBenchPlayers,
} from './harness.js';

/** The time zones the benchmark's devices report (a local-time send is planned in each). */
const ZONES = [
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Bangkok',
  'Europe/Berlin',
  'Europe/London',
  'Europe/Moscow',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'UTC',
];
const LANGUAGES = ['zh-CN', 'en-US', 'zh-TW', 'en-GB', 'ja-JP'];
const TOKEN_TAIL = `:APA91b${'x'.repeat(140)}`;
/** The token the benchmark gives the device of series number `g` (the seeding SQL writes the same). */
const tokenOf = (g: number) => `bench${g}${TOKEN_TAIL}`;

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * One device per player from `firstId` to `lastId` (one set-based insert): token `bench<n>…`,
 * Android or iOS, a language of LANGUAGES and a zone of ZONES by the player's number.
 */
async function seedDevices(database: Database, firstId: number, lastId: number) {
  const started = process.hrtime.bigint();
  const zones = sql.raw(`array[${ZONES.map((z) => `'${z}'`).join(',')}]`);
  const languages = sql.raw(`array[${LANGUAGES.map((l) => `'${l}'`).join(',')}]`);
  await database.db.execute(sql`
    insert into push_devices (token, user_id, platform, language, timezone, app_version, registered_at, last_seen_at)
    select 'bench' || g || ${TOKEN_TAIL}::text, g,
      case when g % 10 < 6 then 'android' else 'ios' end,
      (${languages})[1 + ((g * 7) % ${LANGUAGES.length})::int],
      (${zones})[1 + ((g * 5) % ${ZONES.length})::int],
      '1.3.0', now(), now()
    from generate_series(${firstId}::bigint, ${lastId}::bigint) g`);
  log(`${lastId - firstId + 1} devices seeded in ${(ms(started) / 1000).toFixed(1)} s`);
}

/** Rules that select every demo player (versions 1.1.0–1.3.0, 1–12 habitats): an audience of everyone, by conditions. */
const everyone = [
  { attr: 'appVersion', op: 'gte', value: '1.0.0' },
  { attr: 'habitatCount', op: 'gte', value: 1 },
];

/** Players, and devices, the rules select (exact, one scan each). */
async function audienceSize(database: Database, spec: PushSendBody) {
  const [{ n }] = await rowsOf<{ n: number | string }>(
    database,
    sql`select count(*) as n from players where ${audienceWhere(spec.conditions, new Date())}`,
  );
  const [{ d }] = await rowsOf<{ d: number | string }>(database, sql`select count(*) as d from push_devices`);
  return { players: Number(n), devices: Number(d) };
}

// ---------------------------------------------------------------------------------------------
// push-send

/**
 * `bench push-send`: the time to make a send to an audience chosen by conditions that match
 * every one of BENCH_PLAYERS players (default 1,000,000; one device each), against the same send
 * with 1,000 players, in the same run on the same database. The send is the heaviest plan the
 * console makes: at a local time (07:30 two days ahead) with quiet hours (22:00–08:00), so it is
 * planned in each of the 12 time zones the devices report and every zone is moved to 08:00. Each
 * send is `createSend` in one transaction, as the console's request makes it (what the request
 * adds — session, validation, audit row — does not depend on the audience). Sends are timed for
 * BENCH_SECONDS (default 5) per size, at least 20, after as long a warm-up. Answers checked: every send stored, scheduled,
 * with its 12 zones pending at 08:00 local; nothing delivered, nothing counted. Target: ratio ≤ 2.
 */
export async function benchPushSend(): Promise<string> {
  const count = benchPlayerCount();
  const seconds = benchSeconds(5);
  const SMALL = 1000;
  assertRight(count > SMALL, `BENCH_PLAYERS (${count}) must be above ${SMALL}`);
  const database = await openBenchDatabase();
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const spec = pushSendBodySchema.parse({
    name: 'Bench event',
    audience: 'conditions',
    conditions: everyone,
    content: 'text',
    titleZh: '活动开始',
    bodyZh: '{nickname}，活动开始了',
    titleEn: 'The event starts',
    bodyEn: '{nickname}, the event has started: {gems} gems wait',
    timing: 'local',
    localTime: `${day}T07:30`,
    quietStart: '22:00',
    quietEnd: '08:00',
    ratePerSecond: 5000,
  });
  let made = 0;
  const timeSends = async (warm: boolean) => {
    const samples: number[] = [];
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end || samples.length < (warm ? 5 : 20)) {
      const started = process.hrtime.bigint();
      await database.db.transaction((tx) => createSend(tx, spec, { test: false, createdBy: 'bench', now: new Date() }));
      samples.push(ms(started));
      made += 1;
    }
    return { median: percentile(samples, 50), n: samples.length };
  };
  try {
    const few = await seedDemoPlayers(database.db, SMALL);
    await seedDevices(database, few.firstId, few.lastId);
    await database.db.execute(sql`vacuum analyze push_devices`);
    const smallAudience = await audienceSize(database, spec);
    assertRight(
      smallAudience.players === SMALL && smallAudience.devices === SMALL,
      `the conditions select ${smallAudience.players} of ${SMALL} players`,
    );
    await timeSends(true);
    const small = await timeSends(false);
    log(`median ${small.median.toFixed(3)} ms over ${small.n} sends with ${SMALL} players`);

    const started = process.hrtime.bigint();
    const rest = await seedDemoPlayers(database.db, count - SMALL, (done) =>
      log(`seeded ${done + SMALL} / ${count} players on ${database.kind}`),
    );
    log(`seeding took ${(ms(started) / 1000).toFixed(1)} s`);
    await seedDevices(database, rest.firstId, rest.lastId);
    await database.db.execute(sql`vacuum analyze push_devices, players`);
    await database.db.execute(sql`checkpoint`);
    const large = await (async () => {
      await timeSends(true);
      return timeSends(false);
    })();
    log(`median ${large.median.toFixed(3)} ms over ${large.n} sends with ${count} players`);
    const audience = await audienceSize(database, spec);
    assertRight(
      audience.players === count && audience.devices === count,
      `the conditions select ${audience.players} of ${count} players (${audience.devices} devices)`,
    );

    // Every send: stored, scheduled, planned in the 12 zones at 08:00 local (07:30 is quiet), nothing delivered.
    const sends = await rowsOf<{ n: number | string; bad: number | string }>(
      database,
      sql`select count(*) as n, count(*) filter (where state <> 'scheduled' or zones <> ${ZONES.length}::int
            or zones_done <> 0 or late_zones <> 0 or targeted <> 0 or sent <> 0 or finished_at is not null) as bad
          from push_sends`,
    );
    assertRight(Number(sends[0].n) === made, `${sends[0].n} sends stored of ${made} made`);
    assertRight(Number(sends[0].bad) === 0, `${sends[0].bad} sends not scheduled in ${ZONES.length} zones untouched`);
    const zones = await rowsOf<{ zone: string; n: number | string; due: string[] }>(
      database,
      sql`select zone, count(*) as n, array_agg(distinct to_char(due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')) as due
          from push_send_zones where state = 'pending' and cursor = 0 group by zone order by zone`,
    );
    assertRight(
      zones.map((z) => z.zone).join() === [...ZONES].sort().join(),
      `pending zones ${zones.map((z) => z.zone).join()}`,
    );
    for (const z of zones) {
      const due = new Date(zonedTimeToUtc(`${day}T08:00`, z.zone)).toISOString().slice(0, 16);
      assertRight(Number(z.n) === made, `${z.n} pending rows for ${z.zone}, ${made} sends`);
      assertRight(z.due.length === 1 && z.due[0] === due, `${z.zone} due ${z.due.join()}, expected ${due}`);
    }
    const [{ out }] = await rowsOf<{ out: number | string }>(database, sql`select count(*) as out from push_outbox`);
    assertRight(Number(out) === 0, `${out} messages delivered by making sends`);
    return resultLine(
      'push-send',
      `median ${large.median.toFixed(3)} ms to make a local-time send with quiet hours (${ZONES.length} zones) to conditions matching ${count} players (${large.n} sends; ${database.kind})`,
      large.median / small.median,
      `${small.median.toFixed(3)} ms with ${SMALL} players`,
    );
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// push-deliver

/** `{name}` filled as delivery fills it, for the raw rows. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{([^{}\s]*)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * `bench push-deliver`: messages delivered per second into the outbox for a send to
 * BENCH_PLAYERS tokens (default 200,000; one device per demo player, an audience by conditions
 * that selects every one, a text with the player's values in both languages): `deliverBatch` in
 * a loop, one committed transaction per batch of 500 as the `push.deliver` job runs it (without
 * its pacing), against raw inserts of the same rows (the same tokens, players and texts, 500 per
 * transaction) into `push_outbox` through the same database path, in alternating slices of
 * BENCH_SECONDS / 10 (default 0.5 s) until the send is delivered; the medians of the slices'
 * rates and ratios are reported, with the process's peak RSS (`maxRSS`: on PGlite the database
 * runs in the process). Answers checked: exactly one outbox row per token, the send's counts
 * equal to the tokens, its zone and the send done. Target: ratio ≥ 0.5.
 */
export async function benchPushDeliver(): Promise<string> {
  const count = Number(process.env.BENCH_PLAYERS ?? 200_000);
  const slice = benchSeconds(5) / 10;
  const database = await openBenchDatabase();
  const { db } = database;
  try {
    await seedBenchPlayers(database, count);
    const [{ first, last }] = await rowsOf<{ first: number | string; last: number | string }>(
      database,
      sql`select min(id) as first, max(id) as last from players`,
    );
    assertRight(Number(last) - Number(first) + 1 === count, `players ${first}–${last} are not ${count}`);
    await seedDevices(database, Number(first), Number(last));
    await db.execute(sql`vacuum analyze push_devices, players`);
    await db.execute(sql`checkpoint`);
    const spec = pushSendBodySchema.parse({
      name: 'Bench delivery',
      audience: 'conditions',
      conditions: everyone,
      content: 'text',
      titleZh: '活动开始',
      bodyZh: '{nickname}，活动开始了：{gems} 宝石等你来拿',
      titleEn: 'The event starts',
      bodyEn: '{nickname}, the event has started: {gems} gems wait',
      timing: 'now',
      ratePerSecond: 10_000,
    });
    const audience = await audienceSize(database, spec);
    assertRight(
      audience.players === count && audience.devices === count,
      `the audience is ${audience.players} players`,
    );
    const { row: send } = await db.transaction((tx) =>
      createSend(tx, spec, { test: false, createdBy: 'bench', now: new Date() }),
    );

    // The raw rows: those delivery writes for the same devices (send IDs below 0, one per pass over the tokens).
    let rawBatches = 0;
    const rawBatch = () => {
      const at = rawBatches * DELIVER_BATCH;
      rawBatches += 1;
      const rows = Array.from({ length: DELIVER_BATCH }, (_, j) => {
        const g = Number(first) + ((at + j) % count);
        const zh = !LANGUAGES[(g * 7) % LANGUAGES.length].startsWith('en');
        const values = { nickname: String(g), gems: String((g * 37) % 8000) };
        return {
          sendId: -1 - Math.floor((at + j) / count),
          userId: g,
          token: tokenOf(g),
          platform: g % 10 < 6 ? 'android' : 'ios',
          title: zh ? spec.titleZh : spec.titleEn,
          body: fill(zh ? spec.bodyZh : spec.bodyEn, values),
          data: { sendId: String(send.id) },
          createdAt: new Date(),
        };
      });
      return db.transaction(async (tx) => {
        await tx.insert(pushOutbox).values(rows);
      });
    };
    // Warm the insert path (and the outbox's indexes) a little.
    for (let i = 0; i < 4; i += 1) await rawBatch();

    let delivered = 0;
    let read = 0;
    let done = false;
    const deliverRates: number[] = [];
    const rawRates: number[] = [];
    const ratios: number[] = [];
    let deliverMs = 0;
    log(`deliver ${count} tokens, alternating with raw inserts in ${slice} s slices`);
    while (!done) {
      let started = process.hrtime.bigint();
      let n = 0;
      do {
        const batch = await db.transaction((tx) => deliverBatch(tx, send.id, '', new Date()));
        assertRight(!batch.stopped, 'the delivery stopped');
        n += batch.written ?? 0;
        read += batch.read;
        if (batch.read < DELIVER_BATCH) done = true;
      } while (!done && ms(started) < slice * 1000);
      const took = ms(started);
      deliverMs += took;
      delivered += n;
      started = process.hrtime.bigint();
      let m = 0;
      do {
        await rawBatch();
        m += DELIVER_BATCH;
      } while (ms(started) < slice * 1000);
      const rawRate = m / (ms(started) / 1000);
      // A last slice of a few rows says little about the rate: it counts only when it is the only one.
      if (took < slice * 1000 && deliverRates.length > 0) continue;
      deliverRates.push(n / (took / 1000));
      rawRates.push(rawRate);
      ratios.push(n / (took / 1000) / rawRate);
    }
    await db.transaction((tx) => finishZone(tx, send.id, '', new Date()));
    const maxRss = process.resourceUsage().maxRSS / 1024;

    const [check] = await rowsOf<{ rows: number | string; tokens: number | string; missing: number | string }>(
      database,
      sql`select (select count(*) from push_outbox where send_id = ${send.id}) as rows,
                 (select count(distinct token) from push_outbox where send_id = ${send.id}) as tokens,
                 (select count(*) from push_devices d where not exists
                   (select 1 from push_outbox o where o.send_id = ${send.id} and o.token = d.token)) as missing`,
    );
    assertRight(
      Number(check.rows) === count && Number(check.tokens) === count && Number(check.missing) === 0,
      `outbox: ${check.rows} rows, ${check.tokens} tokens, ${check.missing} tokens without a message, for ${count} tokens`,
    );
    const [after] = await rowsOf<{ state: string; targeted: number; sent: number; zones_done: number }>(
      database,
      sql`select state, targeted, sent, zones_done from push_sends where id = ${send.id}`,
    );
    assertRight(
      after.state === 'done' &&
        Number(after.targeted) === count &&
        Number(after.sent) === count &&
        Number(after.zones_done) === 1,
      `send after delivery: ${JSON.stringify(after)}`,
    );
    assertRight(delivered === count && read === count, `${delivered} written, ${read} read, ${count} tokens`);
    // One message each, in the device's language, the player's values filled in.
    const sample = await rowsOf<{ token: string; user_id: number | string; title: string; body: string }>(
      database,
      sql`select token, user_id, title, body from push_outbox where send_id = ${send.id} order by id limit 50`,
    );
    for (const s of sample) {
      const g = Number(s.user_id);
      assertRight(s.token === tokenOf(g), `token of ${g}`);
      const zh = !LANGUAGES[(g * 7) % LANGUAGES.length].startsWith('en');
      assertRight(s.title === (zh ? spec.titleZh : spec.titleEn), `title of ${g}: ${s.title}`);
      assertRight(!s.body.includes('{') && s.body.startsWith(String(g)), `body of ${g}: ${s.body}`);
    }
    const median = (xs: number[]) => percentile(xs, 50);
    return resultLine(
      'push-deliver',
      `${Math.round(median(deliverRates))} messages/s delivered into the outbox (${count} tokens in ${(deliverMs / 1000).toFixed(1)} s of delivery, batches of ${DELIVER_BATCH}; ${database.kind}; peak RSS ${Math.round(maxRss)} MiB; median of ${ratios.length} alternating slices)`,
      median(ratios),
      `raw outbox inserts ${Math.round(median(rawRates))} rows/s`,
    );
  } finally {
    await database.close();
  }
}
