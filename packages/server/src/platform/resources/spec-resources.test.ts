import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/**
 * Resources mapped onto the spec's calls (mail and reward templates) run on the kit: numbered by
 * it (never reusing a number, per kind), audited as `<kind>:<id>` with before and after, the
 * creator kept, and read by the mails that name them.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const texts = { title: { 'en-US': 'Hi' }, content: { 'en-US': 'Hello' } };
async function create(body: Record<string, unknown>) {
  const res = await ctx.call('POST', '/api/v1/email/template', { token: ctx.adminToken, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; theTable: string; createdBy: string | null; createAt: string };
}

it('numbers templates per table, never reusing a deleted one’s number, newest first', async () => {
  const a = await create({ theTable: 'mail', name: 'first', ...texts });
  const b = await create({ theTable: 'mail', name: 'second', ...texts });
  const r = await create({ theTable: 'reward', name: 'gems', reward: [{ kind: 'gem', amount: 1 }] });
  expect(b.id).toBe(a.id + 1);
  expect(r).toMatchObject({ id: 1, theTable: 'reward', createdBy: 'admin' });
  expect(Date.parse(r.createAt)).not.toBeNaN();
  const del = await ctx.call('DELETE', `/api/v1/email/template/${b.id}?theTable=mail`, { token: ctx.adminToken });
  expect(del.statusCode).toBe(200);
  const c = await create({ theTable: 'mail', name: 'second', ...texts });
  expect(c.id).toBe(b.id + 1);
  const list = await ctx.call('GET', '/api/v1/email/template?theTable=mail', { token: ctx.adminToken });
  expect(list.json().data.list.map((t: { id: number }) => t.id)).toEqual([c.id, a.id]);
});

it('audits a template as its kind and number, with the fields before and after', async () => {
  const t = await create({ theTable: 'mail', name: 'audited', ...texts });
  const edit = await ctx.call('PUT', `/api/v1/email/template/${t.id}`, {
    token: ctx.adminToken,
    body: { theTable: 'mail', name: 'audited 2', ...texts },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const log = await ctx.call('GET', `/api/v1/system/log?target=mailTemplate:${t.id}`, { token: ctx.adminToken });
  expect(log.statusCode, log.body).toBe(200);
  const rows = log.json().data.list as { action: string; target: string; before: any; after: any }[];
  expect(rows.map((x) => [x.action, x.target])).toEqual([
    ['updateMailTemplate', `mailTemplate:${t.id}`],
    ['createMailTemplate', `mailTemplate:${t.id}`],
  ]);
  expect(rows[0].before).toMatchObject({ name: 'audited' });
  expect(rows[0].after).toMatchObject({ name: 'audited 2' });
});

it('a mail reads the template it names from the kit; a missing number is refused on its field', async () => {
  const t = await create({ theTable: 'mail', name: 'for a mail', title: { 'en-US': 'T' }, content: { 'en-US': 'C' } });
  const mail = await ctx.call('POST', '/api/v1/email', {
    token: ctx.adminToken,
    body: {
      mailScope: 'global',
      mailTemplateId: t.id,
      expireAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(mail.statusCode, mail.body).toBe(200);
  expect(mail.json().data).toMatchObject({ title: { 'en-US': 'T' }, content: { 'en-US': 'C' }, mailTemplateId: t.id });
  const missing = await ctx.call('POST', '/api/v1/email', {
    token: ctx.adminToken,
    body: { mailScope: 'global', mailTemplateId: 99_999, expireAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual(['mailTemplateId']);
});

it('templates on the spec’s paths keep versions, each version readable, and restore', async () => {
  const t = await create({ theTable: 'reward', name: 'chest', reward: [{ kind: 'gem', amount: 5 }] });
  const edit = await ctx.call('PUT', `/api/v1/email/template/${t.id}`, {
    token: ctx.adminToken,
    body: { theTable: 'reward', name: 'chest', reward: [{ kind: 'gem', amount: 50 }] },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const base = `/api/v1/resources/rewardTemplate/${t.id}/versions`;
  const history = await ctx.call('GET', base, { token: ctx.adminToken });
  expect(history.statusCode, history.body).toBe(200);
  const versions = history.json().data.list as { version: number; author: string; document: any }[];
  expect(versions.map((v) => [v.version, v.author, v.document.reward[0].amount])).toEqual([
    [2, 'admin', 50],
    [1, 'admin', 5],
  ]);
  const first = await ctx.call('GET', `${base}/1`, { token: ctx.adminToken });
  expect(first.json().data.document).toMatchObject({ name: 'chest', reward: [{ kind: 'gem', amount: 5 }] });
  const restored = await ctx.call('POST', `${base}/1/restore`, { token: ctx.adminToken, body: { comment: 'back' } });
  expect(restored.statusCode, restored.body).toBe(200);
  const now = await ctx.call('GET', `/api/v1/email/template/${t.id}?theTable=reward`, { token: ctx.adminToken });
  expect(now.json().data).toMatchObject({ reward: [{ kind: 'gem', amount: 5 }] });
  expect(restored.json().data).toMatchObject({ version: 3 });
  const log = await ctx.call('GET', `/api/v1/system/log?target=rewardTemplate:${t.id}`, { token: ctx.adminToken });
  expect(log.json().data.list[0]).toMatchObject({ action: 'rewardTemplateRestore', after: { restoredFrom: 1 } });
  // Versions are per kind: the same number's mail template history holds none of this reward template.
  const other = await ctx.call('GET', `/api/v1/resources/mailTemplate/${t.id}/versions`, { token: ctx.adminToken });
  for (const v of other.json().data?.list ?? []) expect(v.document).not.toHaveProperty('reward');
  expect(
    (await ctx.call('GET', '/api/v1/resources/rewardTemplate/999/versions', { token: ctx.adminToken })).statusCode,
  ).toBe(404);
});
