import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { generateCodes, generateCodesJob } from './generate.js';

/**
 * A unique batch whose generation stopped short (its job cancelled) says so — the codes it has,
 * `generation: 'stopped'` — and the operator resumes it (a new job writes the missing codes,
 * each once) or closes it at the codes it has. Both audited; refused (409) unless stopped.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;
const rows = async <R>(q: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(q)) as unknown as { rows: R[] }).rows;

let n = 0;
async function createBatch(body: Record<string, unknown>) {
  n += 1;
  return ctx.adminOk('POST', '/api/v1/giftcode/batches', {
    name: `generation ${n}`,
    rewards: [{ kind: 'gem', amount: 5 }],
    startAt: new Date(ctx.clock.now().getTime() - HOUR).toISOString(),
    endAt: new Date(ctx.clock.now().getTime() + 24 * HOUR).toISOString(),
    ...body,
  });
}
const getBatch = (id: number) => ctx.adminOk('GET', `/api/v1/giftcode/batches/${id}`);
const jobOf = async (batchId: number) =>
  (
    await rows<{ id: string; state: string }>(sql`
      select id, state::text as state from pgboss.job
      where name = 'giftCodes.generate' and singleton_key = ${`batch:${batchId}`} order by created_on desc limit 1`)
  )[0];

/**
 * A batch of 60,000 codes whose generation stopped at 20,000: while this process's runner takes
 * no generation (its concurrency held at 0), the batch is created, two chunks are written by the
 * job's own function (as a run does before it is cancelled), and the waiting job is cancelled
 * through the jobs page. The runner then takes generations again.
 */
async function stoppedBatch() {
  const def = generateCodesJob as { concurrency: number };
  def.concurrency = 0;
  try {
    const batch = await createBatch({ kind: 'unique', codeCount: 60_000 });
    await generateCodes(ctx.database.db, batch.id, async (done) => {
      if (done >= 20_000) throw new Error('stopped here');
    }).catch(() => undefined);
    const job = await jobOf(batch.id);
    expect(job.state).toBe('created');
    await ctx.adminOk('POST', `/api/v1/system/jobs/${job.id}/cancel`);
    return getBatch(batch.id);
  } finally {
    def.concurrency = 1;
  }
}

const codesIn = async (batchId: number) =>
  (
    await rows<{ n: number; d: number }>(
      sql`select count(*)::int as n, count(distinct code)::int as d from gift_codes where batch_id = ${batchId}`,
    )
  )[0];

describe('a generation that stopped short', () => {
  it('says how many codes exist; closed, the batch is complete at that count', async () => {
    const b = await stoppedBatch();
    expect(b).toMatchObject({
      total: 60_000,
      generated: 20_000,
      generation: 'stopped',
      remaining: 20_000,
      state: 'active',
    });
    const listed = await ctx.adminOk('GET', `/api/v1/giftcode/batches?pageSize=100`);
    expect(listed.list.find((x: { id: number }) => x.id === b.id)).toMatchObject({ generation: 'stopped' });

    const closed = await ctx.admin('POST', `/api/v1/giftcode/batches/${b.id}/generation/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ total: b.generated, generated: b.generated, generation: 'done' });
    expect(await codesIn(b.id)).toEqual({ n: b.generated, d: b.generated });
    // The redemption counter's quotas follow the new total.
    const [quota] = await rows<{ q: number }>(
      sql`select coalesce(sum(quota), 0)::int as q from gift_code_counters where batch_id = ${b.id}`,
    );
    expect(quota.q).toBe(b.generated);
    const audit = await ctx.adminOk('GET', `/api/v1/system/log?target=giftCodeBatch:${b.id}`);
    expect(audit.list[0]).toMatchObject({
      action: 'closeGiftCodeGeneration',
      actor: 'admin',
      before: expect.objectContaining({ total: 60_000, generation: 'stopped' }),
      after: expect.objectContaining({ total: b.generated, generation: 'done' }),
    });
    // Closed is done: neither resumed nor closed again.
    for (const what of ['resume', 'close']) {
      const again = await ctx.admin('POST', `/api/v1/giftcode/batches/${b.id}/generation/${what}`);
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('Only a unique batch whose generation stopped short can be resumed or closed');
    }
  });

  it('resumed, a new job writes the missing codes, each once, from where it stopped', async () => {
    const b = await stoppedBatch();
    const resumed = await ctx.admin('POST', `/api/v1/giftcode/batches/${b.id}/generation/resume`, undefined, 'zh-CN');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).toMatchObject({ generation: 'running', generated: 20_000 });
    // While it runs, neither a second resume nor a close (in the operator's language).
    const twice = await ctx.admin('POST', `/api/v1/giftcode/batches/${b.id}/generation/close`, undefined, 'zh-CN');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('只有生成中途停止的唯一码批次可以继续生成或按现有数量结束');
    await expect.poll(async () => (await getBatch(b.id)).generation, { timeout: 120_000, interval: 500 }).toBe('done');
    expect(await getBatch(b.id)).toMatchObject({ total: 60_000, generated: 60_000, remaining: 60_000 });
    expect(await codesIn(b.id)).toEqual({ n: 60_000, d: 60_000 });
    const job = await jobOf(b.id);
    expect(job.state).toBe('completed');
    // The new job runs under the operator's cause.
    const detail = await ctx.adminOk('GET', `/api/v1/system/jobs/${job.id}`);
    expect(detail.cause).toMatchObject({ actor: 'admin', action: 'resumeGiftCodeGeneration' });
    const audit = await ctx.adminOk('GET', `/api/v1/system/log?target=giftCodeBatch:${b.id}`);
    expect(audit.list[0]).toMatchObject({ action: 'resumeGiftCodeGeneration', actor: 'admin' });
  }, 180_000);

  it('refuses a shared batch (409), a stranger (401), a role without the right (403) and a bad ID (400)', async () => {
    const shared = await createBatch({ kind: 'shared', code: 'GENSHARED1', totalLimit: 5 });
    const refused = await ctx.admin('POST', `/api/v1/giftcode/batches/${shared.id}/generation/resume`);
    expect(refused.statusCode).toBe(409);
    const before = await ctx.fingerprint();
    for (const what of ['resume', 'close']) {
      const url = `/api/v1/giftcode/batches/${shared.id}/generation/${what}`;
      expect((await ctx.call('POST', url)).statusCode).toBe(401);
      const reader = await ctx.userWithPermissions(`gen_reader_${what}`, ['giftCodeQuery']);
      expect((await ctx.call('POST', url, { token: reader.token })).statusCode).toBe(403);
      const bad = await ctx.admin('POST', `/api/v1/giftcode/batches/abc/generation/${what}`);
      expect(bad.statusCode).toBe(400);
      expect((await ctx.admin('POST', `/api/v1/giftcode/batches/999999/generation/${what}`)).statusCode).toBe(404);
    }
    const after = await ctx.fingerprint();
    // Only the two roles and users made for the test changed.
    for (const table of Object.keys(before)) {
      if (['roles', 'staff_users', 'role_permissions', 'audit_log'].includes(table)) continue;
      expect(after[table], table).toBe(before[table]);
    }
  });
});
