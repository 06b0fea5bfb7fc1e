// A `kill -9` of the instance delivering a push send (issue 44, with issue 48's take-over): the
// other instance takes the zone's delivery back and finishes it, every device messaged exactly
// once, within the take-over bound. Real processes: two child instances running the app's areas
// (the push area's `push.deliver` and `push.dispatch` jobs among them) on one PostgreSQL
// database, with the production take-over settings; this process only makes the send through the
// console endpoint (which enqueues the delivery) and watches.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { Instances, jobStateOf, killNine, rowsOf, runsOf, TAKEOVER_LIMIT_MS } from '../../test/instances.js';
import { DELIVER_BATCH } from './sends.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Devices, and the send's rate: batches of 500 every second, about 10 s for the whole send. */
const DEVICES = 5_000;
const RATE = 500;

let ctx: TestContext;
const instances = new Instances(() => ctx);
const rows = <R = Record<string, unknown>>(q: ReturnType<typeof sql>) => rowsOf<R>(ctx, q);

beforeAll(async () => {
  if (!onPostgres) return;
  // This process enqueues and reads; only the children run jobs.
  ctx = await createTestContext({ jobs: { work: false } });
}, 180_000);

afterAll(async () => {
  instances.killAll();
  await ctx?.close();
});

describe.skipIf(!onPostgres)('push delivery after kill -9', () => {
  it('the other instance takes the zone back and messages every device exactly once, within a minute', async () => {
    // The devices, in one statement (their players need not exist: the audience is everyone).
    await ctx.database.db.execute(sql`
      insert into push_devices (token, user_id, platform, language, timezone, app_version, registered_at, last_seen_at)
      select 'kill' || g || ':APA91b' || repeat('k', 140), 1000000 + g, 'android',
        case when g % 2 = 0 then 'en-US' else 'zh-CN' end, 'UTC', '1.0.0', now(), now()
      from generate_series(1, ${DEVICES}::int) g`);
    const [a, b] = await Promise.all([instances.start('A'), instances.start('B')]);

    // The send, through the console: planned (one zone, due now) and its delivery enqueued.
    const created = (await ctx.adminOk('POST', '/api/v1/push/sends', {
      name: 'kill -9 send',
      audience: 'all',
      content: 'text',
      titleZh: '活动',
      bodyZh: '{nickname}，活动开始了',
      titleEn: 'Event',
      bodyEn: '{nickname}, the event has started',
      timing: 'now',
      ratePerSecond: RATE,
    })) as { id: number; state: string; zones: number };
    expect(created).toMatchObject({ state: 'sending', zones: 1 });
    const [{ id: jobId }] = await rows<{ id: string }>(
      sql`select id from pgboss.job where name = 'push.deliver' and (data->'payload'->>'sendId')::int = ${created.id}`,
    );
    const sendRow = async () =>
      (
        await rows<{ state: string; sent: number; targeted: number; zones_done: number; zone: string }>(sql`
          select s.state::text as state, s.sent, s.targeted, s.zones_done,
            (select z.state::text from push_send_zones z where z.send_id = s.id) as zone
          from push_sends s where s.id = ${created.id}`)
      )[0];

    // Running on one instance, past its first batches but far from its last.
    const running = async () => {
      const [job, runs, send] = await Promise.all([jobStateOf(ctx, jobId), runsOf(ctx, jobId), sendRow()]);
      return { state: job.state, runs: runs.map((r) => r.instance_id), sent: send.sent };
    };
    try {
      await expect
        .poll(
          async () => {
            const r = await running();
            return r.state === 'active' && r.runs.length === 1 && r.sent >= 2 * DELIVER_BATCH;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBe(true);
    } catch (err) {
      throw new Error(`${JSON.stringify(await running())}\nA:\n${a.output()}\nB:\n${b.output()}`, { cause: err });
    }
    const [runner] = (await runsOf(ctx, jobId)).map((r) => r.instance_id);
    const [victim, survivor] = runner === a.instance ? [a, b] : [b, a];
    expect(runner).toBe(victim.instance);

    const killed = await killNine(victim);
    const before = await sendRow();
    expect(before.sent).toBeGreaterThan(0);
    expect(before.sent).toBeLessThan(DEVICES);

    let taken: number | undefined;
    let finished: number | undefined;
    try {
      await expect
        .poll(
          async () => {
            const runs = await runsOf(ctx, jobId);
            if (taken === undefined && runs.some((r) => r.instance_id === survivor.instance))
              taken = performance.now() - killed;
            const send = await sendRow();
            if (finished === undefined && send.state === 'done' && (await jobStateOf(ctx, jobId)).state === 'completed')
              finished = performance.now() - killed;
            return finished !== undefined;
          },
          { timeout: 120_000, interval: 250 },
        )
        .toBe(true);
    } catch (err) {
      throw new Error(`${JSON.stringify(await sendRow())}\nsurvivor:\n${survivor.output()}`, { cause: err });
    }
    const s = (ms: number | undefined) => (ms === undefined ? ms : Math.round(ms / 100) / 10);
    console.log(
      `push delivery after kill -9 (s): started again ${s(taken)}, finished ${s(finished)}; ${before.sent} of ${DEVICES} sent before the kill`,
    );
    expect(taken).toBeLessThan(TAKEOVER_LIMIT_MS);
    expect(finished).toBeLessThan(TAKEOVER_LIMIT_MS);

    // The killed instance's attempt taken back as "instance gone", the survivor's completed.
    expect((await runsOf(ctx, jobId)).map((r) => [r.instance_id, r.outcome, r.error])).toEqual([
      [victim.instance, 'gone', 'instance gone'],
      [survivor.instance, 'completed', null],
    ]);
    // Exactly once: one outbox row per device, none missing, none twice; the send's counts say so.
    const [outbox] = await rows<{ rows: number; tokens: number; missing: number; stray: number }>(sql`
      select count(*)::int as rows, count(distinct o.token)::int as tokens,
        (select count(*)::int from push_devices d
          where not exists (select 1 from push_outbox x where x.send_id = ${created.id} and x.token = d.token)) as missing,
        count(*) filter (where o.state <> 'sent' or not exists (select 1 from push_devices d where d.token = o.token))::int as stray
      from push_outbox o where o.send_id = ${created.id}`);
    const view = (await ctx.adminOk('GET', `/api/v1/push/sends/${created.id}`)) as Record<string, unknown>;
    expect({
      ...outbox,
      state: view.state,
      sent: view.sent,
      targeted: view.targeted,
      failed: view.failed,
      zonesDone: view.zonesDone,
    }).toEqual({
      rows: DEVICES,
      tokens: DEVICES,
      missing: 0,
      stray: 0,
      state: 'done',
      sent: DEVICES,
      targeted: DEVICES,
      failed: 0,
      zonesDone: 1,
    });
  }, 240_000);
});
