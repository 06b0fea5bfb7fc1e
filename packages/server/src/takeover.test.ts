// A `kill -9` of the instance running long jobs (issue 48): another instance takes each back and
// finishes it exactly once within a minute, with the production settings (a heartbeat every 5 s,
// gone after 30 s, a sweep every 5 s). Real processes: two child instances on one PostgreSQL
// database; this process only enqueues and watches.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupActivity, rollupJob } from './modules/dashboard/rollup.js';
import { createTestContext, type TestContext } from './test/harness.js';
import { Instances, jobStateOf, rowsOf, runsOf, TAKEOVER_LIMIT_MS } from './test/instances.js';
import { fanOutJob, fanOutTable, takeoverJobsModule } from './test/takeover-jobs.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let ctx: TestContext;
const instances = new Instances(() => ctx);
const rows = <R = Record<string, unknown>>(q: ReturnType<typeof sql>) => rowsOf<R>(ctx, q);

beforeAll(async () => {
  if (!onPostgres) return;
  // This process enqueues and reads; only the children run jobs.
  ctx = await createTestContext({ jobs: { work: false }, modules: [takeoverJobsModule] });
  await ctx.database.db.execute(fanOutTable);
}, 180_000);

afterAll(async () => {
  instances.killAll();
  await ctx?.close();
});

const jobState = (id: string) => jobStateOf(ctx, id);
const runsOfJob = (id: string) => runsOf(ctx, id);

describe.skipIf(!onPostgres)('take-over after kill -9', () => {
  it('a generation, the rollup and a fan-out job are taken back and finished once, within a minute', async () => {
    const [a, b] = await Promise.all([instances.start('A'), instances.start('B')]);
    // B is frozen while the jobs are handed out, so that A takes them all (it beats again before the kill).
    b.proc.kill('SIGSTOP');

    // The rollup: a few logins to take in, and a run that A starts and that waits on the rollup's
    // lock (held here) — a run in the middle of its work when A dies.
    for (let i = 0; i < 5; i++) {
      const res = await ctx.game('POST', '/api/game/v1/players/login', {
        body: {
          deviceId: `takeover-${i}`,
          deviceModel: 'Pixel 8',
          os: 'android',
          appVersion: '1.0.0',
          language: 'en',
          country: 'US',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await rollupActivity(ctx.database.db, { now: ctx.clock.now() });
    let releaseRollup!: () => void;
    const rollupHeld = new Promise<void>((resolve) => {
      releaseRollup = resolve;
    });
    let lockTaken!: () => void;
    const locked = new Promise<void>((resolve) => {
      lockTaken = resolve;
    });
    const holder = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from activity_rollup where id = 1 for update`);
      lockTaken();
      await rollupHeld;
    });
    await locked;
    const rollupId = (await ctx.app.jobs.boss.send(
      rollupJob.name,
      { payload: {}, cause: { actorId: null, actor: null, action: 'schedule', target: null } },
      { singletonKey: 'schedule', singletonSeconds: 30, retryLimit: 1, retryDelay: 5, expireInSeconds: 600 },
    )) as string;
    expect(rollupId).toBeTruthy();

    // The generation of 600,000 codes, created through the console.
    const created = await ctx.adminOk('POST', '/api/v1/giftcode/batches', {
      name: 'takeover batch',
      kind: 'unique',
      codeCount: 600_000,
      rewards: [{ kind: 'gem', amount: 1 }],
      startAt: new Date(Date.now() - 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const [{ id: generationId }] = await rows<{ id: string }>(
      sql`select id from pgboss.job where name = 'giftCodes.generate' and data->'payload'->>'batchId' = ${String(created.id)}`,
    );
    // The fan-out: 20,000 rows in 200 steps of 100.
    const fanOutId = (await ctx.database.db.transaction((tx) =>
      ctx.app.jobs.enqueue(tx, fanOutJob, { key: 'kill', total: 20_000, chunk: 100, pauseMs: 100 } as never, {
        actorId: null,
        actor: null,
        action: 'test',
      }),
    ))!;
    const ids = { generation: generationId, rollup: rollupId, fanOut: fanOutId };

    // All three running on A, the generation and the fan-out past their first steps.
    const onA = async () => {
      const states = await Promise.all(Object.values(ids).map(jobState));
      const runs = await Promise.all(Object.values(ids).map(runsOfJob));
      return states.map((s, i) => ({
        state: s.state,
        onA: runs[i].length === 1 && runs[i][0].instance_id === a.instance,
        started: i === 1 || (s.output?.progress?.done ?? 0) > 0,
      }));
    };
    try {
      await expect
        .poll(async () => (await onA()).every((j) => j.state === 'active' && j.onA && j.started), {
          timeout: 90_000,
          interval: 250,
        })
        .toBe(true);
    } catch (err) {
      releaseRollup();
      throw new Error(`${JSON.stringify(await onA())}\nA:\n${a.output()}`, { cause: err });
    }
    b.proc.kill('SIGCONT');
    await new Promise((r) => setTimeout(r, 1_000));
    const before = await jobState(ids.generation);

    a.proc.kill('SIGKILL');
    const killed = performance.now();
    await new Promise<void>((resolve) => a.proc.once('exit', () => resolve()));
    // The rollup's lock goes once A is dead (its connections closed with it).
    releaseRollup();
    await holder;

    const taken: Record<string, number> = {};
    const finished: Record<string, number> = {};
    await expect
      .poll(
        async () => {
          for (const [kind, id] of Object.entries(ids)) {
            const runs = await runsOfJob(id);
            if (!taken[kind] && runs.some((r) => r.instance_id !== a.instance))
              taken[kind] = performance.now() - killed;
            if (!finished[kind] && (await jobState(id)).state === 'completed')
              finished[kind] = performance.now() - killed;
          }
          return Object.keys(finished).length;
        },
        { timeout: 180_000, interval: 250 },
      )
      .toBe(3);
    const seconds = (o: Record<string, number>) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v / 100) / 10]));
    console.log(
      `take-over after kill -9 (s): started again ${JSON.stringify(seconds(taken))}, finished ${JSON.stringify(seconds(finished))}; generation was at ${before.output?.progress?.done} of 600000`,
    );
    for (const kind of Object.keys(ids)) expect(taken[kind], kind).toBeLessThan(TAKEOVER_LIMIT_MS);

    // Each attempt recorded: A's taken back as "instance gone", B's completed.
    for (const id of Object.values(ids)) {
      const runs = await runsOfJob(id);
      expect(runs.map((r) => [r.instance_id, r.outcome, r.error])).toEqual([
        [a.instance, 'gone', 'instance gone'],
        [b.instance, 'completed', null],
      ]);
    }
    // Exactly once: the batch has its 600,000 codes and says so; each fan-out row once (its key
    // would have failed a second write); every login counted once.
    const [batch] = await rows<{ generated: number; codes: number }>(sql`
      select generated, (select count(*)::int from gift_codes where batch_id = ${created.id}) as codes
      from gift_code_batches where id = ${created.id}`);
    expect(batch).toEqual({ generated: 600_000, codes: 600_000 });
    const [fan] = await rows<{ n: number; d: number }>(
      sql`select count(*)::int as n, count(distinct item)::int as d from fanout_items where key = 'kill'`,
    );
    expect(fan).toEqual({ n: 20_000, d: 20_000 });
    await rollupActivity(ctx.database.db, { now: ctx.clock.now(), catchUp: true });
    const [logins] = await rows<{ counted: number; events: number }>(sql`
      select (select coalesce(sum(logins), 0)::int from activity_days) as counted,
        (select count(*)::int from player_events where type = 'login') as events`);
    expect(logins.counted).toBe(logins.events);
    expect(logins.events).toBe(5);
  }, 300_000);
});
