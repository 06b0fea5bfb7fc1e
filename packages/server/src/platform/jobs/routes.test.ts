import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/**
 * The jobs page's calls through the API, on the app's own runner: a failed prune is retried by an
 * operator and runs for real; cancel; wrong states, unknown jobs, permissions, the audit, /metrics.
 */
let ctx: TestContext;
beforeAll(async () => {
  // No sweep during these tests: the hand-over of a gone instance's job is the operator's here.
  ctx = await createTestContext({ jobs: { sweepSeconds: 3600 } });
});
afterAll(() => ctx.close());

/** A job row as a failure leaves it (pg-boss's columns), for a real job of the catalogue. */
async function failedJob(name: string, message: string) {
  const r = await ctx.database.db.execute(sql`
    insert into pgboss.job (name, data, state, retry_limit, retry_count, started_on, completed_on, output, policy)
    values (${name}, ${JSON.stringify({ payload: {}, cause: { actorId: 1, actor: 'admin', action: 'schedule', target: null } })}::jsonb,
      'failed', 0, 0, now(), now(), ${JSON.stringify({ message, progress: { done: 1, total: 4 } })}::jsonb, 'stately')
    returning id`);
  return (r as unknown as { rows: { id: string }[] }).rows[0].id;
}

const get = (url: string, token = ctx.adminToken) => ctx.call('GET', url, { token });

describe('jobs page API', () => {
  it('lists a failed job with its error, progress and runs; an operator retries it and it completes', async () => {
    const id = await failedJob('staff.prune', 'connection reset');
    const list = await get('/api/v1/system/jobs?state=failed&name=staff.prune');
    expect(list.statusCode).toBe(200);
    const row = list.json().data.list.find((j: { id: string }) => j.id === id);
    expect(row).toMatchObject({
      state: 'failed',
      error: 'connection reset',
      attempts: 1,
      maxAttempts: 1,
      progress: { done: 1, total: 4 },
      cause: { actor: 'admin', action: 'schedule' },
    });
    const developer = await ctx.userWithRole('developer');
    const retried = await ctx.call('POST', `/api/v1/system/jobs/${id}/retry`, { token: developer.token });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ state: 'retry', maxAttempts: 2 });
    await expect
      .poll(async () => (await get(`/api/v1/system/jobs/${id}`)).json().data.state, { timeout: 15_000, interval: 250 })
      .toBe('completed');
    const detail = (await get(`/api/v1/system/jobs/${id}`)).json().data;
    expect(detail).toMatchObject({ error: null, attempts: 2, payload: {} });
    const audit = await get(`/api/v1/system/log?target=job:${id}`);
    expect(audit.json().data.list).toEqual([
      expect.objectContaining({ action: 'retryJob', actor: developer.username }),
    ]);
    // A completed job cannot be retried or cancelled; nothing changes.
    const again = await ctx.call('POST', `/api/v1/system/jobs/${id}/retry`, { token: ctx.adminToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Only a failed or cancelled job can be retried');
    expect((await ctx.call('POST', `/api/v1/system/jobs/${id}/cancel`, { token: ctx.adminToken })).statusCode).toBe(
      409,
    );
    expect((await get(`/api/v1/system/jobs/${id}`)).json().data.state).toBe('completed');
  });

  it('cancels a waiting job, which then never runs', async () => {
    const r = await ctx.database.db.execute(sql`
      insert into pgboss.job (name, data, start_after, policy) values ('mail.prune', '{"payload":{},"cause":{"actorId":null,"actor":null,"action":"schedule"}}'::jsonb, now() + interval '1 hour', 'stately')
      returning id`);
    const id = (r as unknown as { rows: { id: string }[] }).rows[0].id;
    const res = await ctx.call('POST', `/api/v1/system/jobs/${id}/cancel`, { token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe('cancelled');
    expect((await get(`/api/v1/system/jobs/${id}`)).json().data.state).toBe('cancelled');
  });

  it('retries a cancelled job, which then runs; refuses while another of its subject waits', async () => {
    const r = await ctx.database.db.execute(sql`
      insert into pgboss.job (name, data, state, retry_limit, retry_count, started_on, completed_on, output, policy, singleton_key)
      values ('mail.prune', '{"payload":{},"cause":{"actorId":1,"actor":"admin","action":"schedule"}}'::jsonb, 'cancelled', 0, 0,
        now(), now(), '{"progress":{"done":2,"total":9}}'::jsonb, 'stately', 'cancelled-one')
      returning id`);
    const id = (r as unknown as { rows: { id: string }[] }).rows[0].id;
    // Another job of the same subject already waits to retry: a second waiting one is refused, nothing changes.
    const w = await ctx.database.db.execute(sql`
      insert into pgboss.job (name, data, state, start_after, policy, singleton_key)
      values ('mail.prune', '{"payload":{},"cause":{"actorId":null,"actor":null,"action":"schedule"}}'::jsonb, 'retry',
        now() + interval '1 hour', 'stately', 'cancelled-one')
      returning id`);
    const waiting = (w as unknown as { rows: { id: string }[] }).rows[0].id;
    const refused = await ctx.call('POST', `/api/v1/system/jobs/${id}/retry`, {
      token: ctx.adminToken,
      locale: 'zh-CN',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('同一对象已有一个任务在等待运行，无需再重试这个');
    expect((await get(`/api/v1/system/jobs/${id}`)).json().data.state).toBe('cancelled');
    await ctx.database.db.execute(sql`delete from pgboss.job where id = ${waiting}`);

    const retried = await ctx.call('POST', `/api/v1/system/jobs/${id}/retry`, { token: ctx.adminToken });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ state: 'retry', maxAttempts: 2 });
    await expect
      .poll(async () => (await get(`/api/v1/system/jobs/${id}`)).json().data.state, { timeout: 15_000, interval: 250 })
      .toBe('completed');
    const detail = (await get(`/api/v1/system/jobs/${id}`)).json().data;
    expect(detail.runs).toEqual([
      expect.objectContaining({
        attempt: 2,
        instance: ctx.app.jobs.instanceId,
        outcome: 'completed',
        instanceAlive: true,
      }),
    ]);
    const audit = await get(`/api/v1/system/log?target=job:${id}`);
    expect(audit.json().data.list).toEqual([expect.objectContaining({ action: 'retryJob', actor: 'admin' })]);
  });

  it('shows a running job whose instance is gone; an operator hands it over and another instance finishes it', async () => {
    const dead = `gone-host:4242:${Math.random().toString(36).slice(2, 8)}`;
    await ctx.database.db.execute(sql`
      insert into instances (id, host, pid, started_at, last_seen_at)
      values (${dead}, 'gone-host', 4242, now() - interval '2 hours', now() - interval '1 hour')`);
    const r = await ctx.database.db.execute(sql`
      insert into pgboss.job (name, data, state, retry_limit, retry_count, started_on, output, policy, expire_in)
      values ('players.prune', '{"payload":{},"cause":{"actorId":null,"actor":null,"action":"schedule"}}'::jsonb, 'active', 0, 0,
        now() - interval '1 hour', '{"progress":{"done":3,"total":10}}'::jsonb, 'stately', interval '1 day')
      returning id`);
    const id = (r as unknown as { rows: { id: string }[] }).rows[0].id;
    await ctx.database.db.execute(sql`
      insert into job_runs (job_id, fence, name, instance_id, started_at, reported_at)
      values (${id}, 0, 'players.prune', ${dead}, now() - interval '1 hour', now() - interval '1 hour')`);
    // A running job on a live instance (this one) cannot be handed over.
    const alive = await ctx.database.db.execute(sql`
      insert into pgboss.job (name, data, state, retry_count, started_on, policy, expire_in)
      values ('accessLog.prune', '{"payload":{},"cause":{"actorId":null,"actor":null,"action":"schedule"}}'::jsonb, 'active', 0,
        now(), 'stately', interval '1 day')
      returning id`);
    const aliveId = (alive as unknown as { rows: { id: string }[] }).rows[0].id;
    await ctx.database.db.execute(sql`
      insert into job_runs (job_id, fence, name, instance_id, started_at, reported_at)
      values (${aliveId}, 0, 'accessLog.prune', ${ctx.app.jobs.instanceId}, now(), now())`);

    const list = (await get('/api/v1/system/jobs?state=active')).json().data.list;
    expect(list.find((j: { id: string }) => j.id === id)).toMatchObject({ instanceGone: true, progress: { done: 3 } });
    expect(list.find((j: { id: string }) => j.id === aliveId)).toMatchObject({ instanceGone: false });
    const notGone = await ctx.call('POST', `/api/v1/system/jobs/${aliveId}/hand-over`, { token: ctx.adminToken });
    expect(notGone.statusCode).toBe(409);
    expect(notGone.json().msg).toBe('Only a running job whose instance is gone can be handed over');
    const tester = await ctx.userWithRole('tester');
    expect((await ctx.call('POST', `/api/v1/system/jobs/${id}/hand-over`, { token: tester.token })).statusCode).toBe(
      403,
    );

    const handed = await ctx.call('POST', `/api/v1/system/jobs/${id}/hand-over`, { token: ctx.adminToken });
    expect(handed.statusCode).toBe(200);
    // Waiting again with one more attempt allowed (the hand-over costs the job none).
    expect(handed.json().data).toMatchObject({ state: 'retry', maxAttempts: 2, instanceGone: false });
    await expect
      .poll(async () => (await get(`/api/v1/system/jobs/${id}`)).json().data.state, { timeout: 15_000, interval: 250 })
      .toBe('completed');
    const detail = (await get(`/api/v1/system/jobs/${id}`, ctx.adminToken)).json().data;
    expect(detail.runs).toEqual([
      expect.objectContaining({
        attempt: 1,
        instance: dead,
        instanceAlive: false,
        outcome: 'gone',
        error: 'Its instance was gone; taken back for another instance',
      }),
      expect.objectContaining({ attempt: 2, instance: ctx.app.jobs.instanceId, outcome: 'completed', error: null }),
    ]);
    // The instance is marked gone: should it come back, it stops instead of finishing the job.
    const marked = await ctx.database.db.execute(
      sql`select gone_at is not null as gone from instances where id = ${dead}`,
    );
    expect((marked as unknown as { rows: { gone: boolean }[] }).rows[0].gone).toBe(true);
    const audit = await get(`/api/v1/system/log?target=job:${id}`);
    expect(audit.json().data.list).toEqual([
      expect.objectContaining({
        action: 'handOverJob',
        actor: 'admin',
        before: expect.objectContaining({ state: 'active', instance: dead }),
      }),
    ]);
    await ctx.database.db.execute(sql`delete from pgboss.job where id = ${aliveId}`);
  });

  it('answers 404 for an unknown job, 400 for a malformed ID, 403 without jobEdit', async () => {
    const unknown = await ctx.call('POST', '/api/v1/system/jobs/00000000-0000-4000-8000-000000000000/retry', {
      token: ctx.adminToken,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await get('/api/v1/system/jobs/not-a-uuid')).statusCode).toBe(400);
    const id = await failedJob('players.prune', 'boom');
    const tester = await ctx.userWithRole('tester');
    expect((await get('/api/v1/system/jobs', tester.token)).statusCode).toBe(200);
    const refused = await ctx.call('POST', `/api/v1/system/jobs/${id}/retry`, { token: tester.token });
    expect(refused.statusCode).toBe(403);
    expect((await get(`/api/v1/system/jobs/${id}`)).json().data.state).toBe('failed');
  });

  it('exposes queue depth, oldest waiting age and failures per job on /metrics', async () => {
    await failedJob('accessLog.prune', 'disk full');
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toMatch(/rookery_job_queue_depth\{job="dashboard.rollup"\} \d+/);
    expect(res.body).toMatch(/rookery_job_oldest_waiting_seconds\{job="staff.prune"\} [\d.]+/);
    expect(res.body).toMatch(/rookery_job_failed\{job="accessLog.prune"\} 1/);
    expect(res.body).toContain('rookery_job_failed_runs{job="mail.prune"} 0');
  });
});
