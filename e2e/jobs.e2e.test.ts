import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateCodes, generateCodesJob } from '../packages/server/src/modules/giftcodes/generate.js';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../packages/server/src/test/harness.js';
import { contextOptions, see, useBrowser } from './helpers';

/**
 * The jobs page on a server of its own (this test needs its database): a housekeeping job fails
 * for real (a table it prunes is missing), the page shows the failure with its error; the table
 * is back, an operator retries it from the page after the confirmation, and it completes. A job
 * running on an instance that stopped beating says "Instance gone"; the operator hands it over
 * from the page and reads its attempts. A generation cancelled short leaves its batch saying how
 * many codes exist, with resume and close on the batch's screen.
 */
const browser = useBrowser();
let ctx: TestContext;
let page: Page;
const rows = async (q: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  ctx = await createTestContext({
    config: { webDist: inject('webDist') },
    // No sweep: the gone instance's job waits for the operator's hand-over here.
    jobs: { sweepSeconds: 3600 },
  });
  const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const context = await browser().newContext({ ...contextOptions, baseURL: url, locale: 'en-US' });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/login');
  await page.getByPlaceholder(/User name/).fill('admin');
  await page.getByPlaceholder(/Password/).fill(ADMIN_PASSWORD);
  await page.locator('[data-testid=login-form] button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
});
afterAll(async () => {
  await ctx?.close();
});

describe('jobs page', () => {
  it('a job fails, the page shows why; retried from the page after the fix, it completes', async () => {
    // The prune of sign-in state meets a missing table: its one run fails (no automatic retry).
    await ctx.database.db.execute(sql`alter table captchas rename to captchas_away`);
    const [{ id }] = await rows(sql`
      insert into pgboss.job (name, data, retry_limit, policy)
      values ('staff.prune', ${JSON.stringify({ payload: {}, cause: { actorId: 1, actor: 'admin', action: 'schedule', target: null } })}::jsonb, 0, 'stately')
      returning id`);
    await expect
      .poll(async () => (await rows(sql`select state from pgboss.job where id = ${id}`))[0].state, { timeout: 30_000 })
      .toBe('failed');

    await page.goto('/system/jobs?state=failed');
    const row = page.locator(`.ant-table-row[data-row-key="${id}"]`);
    await row.waitFor();
    await row.getByText('Failed', { exact: true }).waitFor();
    console.log('ROW', await row.innerText());
    await row.getByText(/"captchas" does not exist/).waitFor();
    // The database's own words, not the query and its parameters.
    expect(await row.innerText()).not.toContain('params');

    await ctx.database.db.execute(sql`alter table captchas_away rename to captchas`);
    await row.getByTestId('row-action-retry').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Retry the job “Prune expired sessions and captchas”?');
    await dialog.getByRole('button', { name: 'Retry “Prune expired sessions and captchas”' }).click();
    await see(page, 'Queued again');

    await expect
      .poll(async () => (await rows(sql`select state from pgboss.job where id = ${id}`))[0].state, { timeout: 30_000 })
      .toBe('completed');
    await page.goto('/system/jobs?state=completed&name=staff.prune');
    await page.locator(`.ant-table-row[data-row-key="${id}"]`).getByText('Completed', { exact: true }).waitFor();
    // The operator's retry is in the system log under their name.
    const audit = await rows(sql`select actor, action from audit_log where target = ${`job:${id}`}`);
    expect(audit).toEqual([{ actor: 'admin', action: 'retryJob' }]);
  });

  it('routine runs are folded away unless asked for; the action column shows at 1440 px', async () => {
    // A schedule's completed run, nobody's doing: the roll-up every 30 s makes many of these.
    const cause = { payload: {}, cause: { actorId: null, actor: null, action: 'schedule', target: null } };
    const [{ id }] = await rows(sql`
      insert into pgboss.job (name, data, state, completed_on)
      values ('staff.prune', ${JSON.stringify(cause)}::jsonb, 'completed', now())
      returning id`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/system/jobs');
    const first = page.locator('.ant-table-row').first();
    await first.waitFor();
    expect(await page.locator(`.ant-table-row[data-row-key="${id}"]`).count()).toBe(0);
    // The row's actions are on screen, not past a horizontal scroll.
    const box = await first.getByTestId('row-action-runs').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1440);
    // Asked for, or by the job's name, they are there.
    await page.goto('/system/jobs?routine=shown');
    await page.locator(`.ant-table-row[data-row-key="${id}"]`).waitFor();
    await page.goto('/system/jobs?name=staff.prune');
    await page.locator(`.ant-table-row[data-row-key="${id}"]`).waitFor();
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('a job on a gone instance says so; the operator hands it over and reads its attempts', async () => {
    const dead = 'gone-host:777:e2e';
    await ctx.database.db.execute(sql`
      insert into instances (id, host, pid, started_at, last_seen_at)
      values (${dead}, 'gone-host', 777, now() - interval '2 hours', now() - interval '1 hour')`);
    const [{ id }] = await rows(sql`
      insert into pgboss.job (name, data, state, retry_limit, retry_count, started_on, output, policy, expire_in)
      values ('mail.prune', ${JSON.stringify({ payload: {}, cause: { actorId: null, actor: null, action: 'schedule', target: null } })}::jsonb,
        'active', 0, 0, now() - interval '1 hour', '{"progress":{"done":4,"total":10}}'::jsonb, 'stately', interval '1 day')
      returning id`);
    await ctx.database.db.execute(sql`
      insert into job_runs (job_id, fence, name, instance_id, started_at, reported_at)
      values (${id as string}, 0, 'mail.prune', ${dead}, now() - interval '1 hour', now() - interval '50 minutes')`);

    await page.goto('/system/jobs?state=active');
    const row = page.locator(`.ant-table-row[data-row-key="${id}"]`);
    await row.getByTestId('job-instance-gone').getByText('Instance gone').waitFor();
    await row.getByTestId('row-action-handOver').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Hand over the job “Prune expired mail copies”?');
    await dialog.getByRole('button', { name: 'Hand over “Prune expired mail copies”' }).click();
    await see(page, 'Handed to another instance');
    await expect
      .poll(async () => (await rows(sql`select state from pgboss.job where id = ${id}`))[0].state, { timeout: 30_000 })
      .toBe('completed');

    await page.goto('/system/jobs?name=mail.prune&state=completed');
    await page.locator(`.ant-table-row[data-row-key="${id}"]`).getByTestId('row-action-runs').click();
    const runs = page.getByTestId('job-runs');
    await runs.getByText(dead).waitFor();
    await runs.getByText('Instance gone; taken back').waitFor();
    await runs.getByText('Its instance was gone; taken back for another instance').waitFor();
    await runs.getByText(ctx.app.jobs.instanceId).waitFor();
    await runs.getByText('Completed').waitFor();
    const audit = await rows(sql`select actor, action from audit_log where target = ${`job:${id}`}`);
    expect(audit).toEqual([{ actor: 'admin', action: 'handOverJob' }]);
  });

  it('a retry the server refuses (the job completed meanwhile) says why in the dialog, which stays open; nothing changes', async () => {
    const [{ id }] = await rows(sql`
      insert into pgboss.job (name, data, state, retry_limit, output, policy)
      values ('mail.prune', ${JSON.stringify({ payload: {}, cause: { actorId: null, actor: null, action: 'schedule', target: null } })}::jsonb,
        'failed', 0, '{"message":"boom"}'::jsonb, 'stately')
      returning id`);
    await page.goto('/system/jobs?state=failed&name=mail.prune');
    const row = page.locator(`.ant-table-row[data-row-key="${id}"]`);
    await row.getByText('Failed', { exact: true }).waitFor();
    // Another operator's retry ran it to completion while this page still offers a retry.
    await ctx.database.db.execute(
      sql`update pgboss.job set state = 'completed', completed_on = now() where id = ${id as string}`,
    );
    await row.getByTestId('row-action-retry').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Retry “Prune expired mail copies”' }).click();
    const refusal = dialog.getByTestId('consequence-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Not done: Only a failed or cancelled job can be retried');
    expect(await dialog.isVisible()).toBe(true);
    expect((await rows(sql`select state from pgboss.job where id = ${id as string}`))[0].state).toBe('completed');
    expect(await rows(sql`select action from audit_log where target = ${`job:${id}`}`)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a generation cancelled short: the batch says how many codes exist; the operator closes it there', async () => {
    // The runner takes no generation meanwhile: two chunks are written by the job's own function,
    // then the waiting job is cancelled from the jobs page.
    const def = generateCodesJob as { concurrency: number };
    def.concurrency = 0;
    const batch = await ctx.adminOk('POST', '/api/v1/giftcode/batches', {
      name: 'cancelled short',
      kind: 'unique',
      codeCount: 60_000,
      rewards: [{ kind: 'gem', amount: 5 }],
      startAt: new Date(ctx.clock.now().getTime() - 3_600_000).toISOString(),
      endAt: new Date(ctx.clock.now().getTime() + 86_400_000).toISOString(),
    });
    await generateCodes(ctx.database.db, batch.id, async (done) => {
      if (done >= 20_000) throw new Error('stopped here');
    }).catch(() => undefined);
    const [{ id }] = await rows(
      sql`select id from pgboss.job where name = 'giftCodes.generate' and singleton_key = ${`batch:${batch.id}`}`,
    );
    await page.goto('/system/jobs?name=giftCodes.generate&state=created');
    await page.locator(`.ant-table-row[data-row-key="${id}"]`).getByTestId('row-action-cancel').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel “Generate unique gift codes”' }).click();
    await see(page, 'Cancelled');
    def.concurrency = 1;

    await page.goto(`/giftcode/edit?id=${batch.id}`);
    const stopped = page.getByTestId('giftcode-generation-stopped');
    await stopped.getByText('Generation stopped: 20,000 codes exist (of 60,000 asked for)').waitFor();
    await stopped.getByTestId('giftcode-generation-close').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Close this batch at its 20,000 codes?');
    await dialog.getByRole('button', { name: 'Close at 20,000 codes' }).click();
    await see(page, 'Batch closed at 20,000 codes');
    await stopped.waitFor({ state: 'detached' });
    expect(await ctx.adminOk('GET', `/api/v1/giftcode/batches/${batch.id}`)).toMatchObject({
      total: 20_000,
      generated: 20_000,
      generation: 'done',
    });
    const audit = await rows(sql`select action from audit_log where target = ${`giftCodeBatch:${batch.id}`}`);
    expect(audit.map((a) => a.action)).toContain('closeGiftCodeGeneration');
  });
});
