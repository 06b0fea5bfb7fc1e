import { defineResource, resourceKeySchema, samePermission, zhEn } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModuleDeps } from '../../module.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { AppError } from '../http/errors.js';
import type { BeforeSaveInput } from './registrar.js';

/*
 * Each declaration option of the kit on a resource of this test's own: save and delete hooks,
 * compound and normalised unique keys, secret fields.
 */

const SECRET = 'sk-live-7f3a9c1e5b2d4f6a8c0e';
const NEW_SECRET = 'sk-live-0b1c2d3e4f5a6b7c8d9e';

const testSku = defineResource({
  name: 'testSku',
  label: zhEn('测试商品', 'Test SKU'),
  schema: z.object({
    id: resourceKeySchema,
    platform: z.string(),
    sku: z.string(),
    code: z.string(),
    price: z.number(),
    signingKey: z.string().optional(),
  }),
  key: 'id',
  listFields: ['id', 'platform', 'sku', 'code', 'price'],
  permissions: samePermission('constEdit'),
  versioned: true,
  gameVisible: false,
  unique: [
    { fields: ['platform', 'sku'], message: 'template.nameTaken' },
    { field: 'code', normalize: 'lowercase', message: 'template.nameTaken' },
  ],
  secret: ['signingKey'],
});

const saves: Pick<BeforeSaveInput, 'doc' | 'previous' | 'mode'>[] = [];
const testModule = ({ kit }: ModuleDeps) =>
  kit.register(testSku, {
    beforeSave: async ({ doc, previous, mode }) => {
      saves.push({ doc, previous, mode });
      // A price may not drop on an update (a rule needing the previous document).
      if (mode === 'update' && previous && (doc.price as number) < (previous.price as number))
        throw new AppError(400, 'http.validation', { fields: [{ field: 'price', message: 'v.required' }] });
    },
    beforeDelete: async ({ previous }) => {
      if (previous.platform === 'locked') throw new AppError(409, 'resource.referenced', { vars: { where: 'test' } });
    },
  });

describe('resource declarations on a test resource', () => {
  let ctx: TestContext;
  const path = '/api/v1/resources/testSku';
  const put = (id: string, body: Record<string, unknown>) =>
    ctx.call('PUT', `${path}/${id}`, { token: ctx.adminToken, body: { id, ...body } });
  const create = (body: Record<string, unknown>) => ctx.call('POST', path, { token: ctx.adminToken, body });
  const get = async (id: string) => (await ctx.call('GET', `${path}/${id}`, { token: ctx.adminToken })).json().data;
  const stored = async (id: string) => {
    const r = (await ctx.database.db.execute(
      sql`select document from resource_items where kind = 'testSku' and key = ${id}`,
    )) as unknown as { rows: { document: Record<string, unknown> }[] };
    return r.rows[0]?.document;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ modules: [testModule] });
  });
  afterAll(() => ctx.close());

  it('beforeSave gets the document, the previous one and the mode; a refusal writes nothing', async () => {
    saves.length = 0;
    expect((await create({ id: 'gem', platform: 'ios', sku: 'gem100', code: 'G1', price: 5 })).statusCode).toBe(200);
    expect((await put('gem', { platform: 'ios', sku: 'gem100', code: 'G1', price: 7 })).statusCode).toBe(200);
    const refused = await put('gem', { platform: 'ios', sku: 'gem100', code: 'G1', price: 3 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'price' })]);
    expect((await stored('gem')).price).toBe(7);
    expect(
      (await ctx.call('POST', `${path}/gem/versions/1/restore`, { token: ctx.adminToken, body: {} })).statusCode,
    ).toBe(200);
    expect((await stored('gem')).price).toBe(5);
    expect(saves.map((s) => s.mode)).toEqual(['create', 'update', 'update', 'restore']);
    expect(saves[0].previous).toBeNull();
    expect(saves[1].previous).toMatchObject({ price: 5 });
    expect(saves[1].doc).toMatchObject({ price: 7 });
    expect(saves[3].previous).toMatchObject({ price: 7 });
    expect(saves[3].doc).toMatchObject({ price: 5 });
  });

  it('beforeDelete refuses and the item stays; without a refusal the item goes', async () => {
    await create({ id: 'kept', platform: 'locked', sku: 'k1', code: 'K1', price: 1 });
    const refused = await ctx.call('DELETE', `${path}/kept`, { token: ctx.adminToken });
    expect(refused.statusCode).toBe(409);
    expect(await stored('kept')).toMatchObject({ platform: 'locked' });
    await create({ id: 'gone', platform: 'android', sku: 'g1', code: 'X1', price: 1 });
    expect((await ctx.call('DELETE', `${path}/gone`, { token: ctx.adminToken })).statusCode).toBe(200);
    expect(await stored('gone')).toBeUndefined();
  });

  it('a compound unique key refuses the same pair, allows the same SKU on another platform', async () => {
    await create({ id: 'c1', platform: 'ios', sku: 'pack', code: 'P1', price: 1 });
    const twice = await create({ id: 'c2', platform: 'ios', sku: 'pack', code: 'P2', price: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual([expect.objectContaining({ field: 'sku' })]);
    expect(await stored('c2')).toBeUndefined();
    expect((await create({ id: 'c3', platform: 'android', sku: 'pack', code: 'P3', price: 1 })).statusCode).toBe(200);
    // Moving c3 onto c1's pair is refused too.
    expect((await put('c3', { platform: 'ios', sku: 'pack', code: 'P3', price: 1 })).statusCode).toBe(409);
    expect((await stored('c3')).platform).toBe('android');
  });

  it('a normalised unique key refuses a code in any case', async () => {
    await create({ id: 'n1', platform: 'ios', sku: 'n1', code: 'Summer24', price: 1 });
    const upper = await create({ id: 'n2', platform: 'ios', sku: 'n2', code: 'SUMMER24', price: 1 });
    expect(upper.statusCode).toBe(409);
    expect(await stored('n2')).toBeUndefined();
    // The item itself may keep its code in another case.
    expect((await put('n1', { platform: 'ios', sku: 'n1', code: 'summer24', price: 1 })).statusCode).toBe(200);
  });

  it('two saves racing for one key: exactly one wins (the per-kind lock)', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create({ id: `race${i}`, platform: 'web', sku: 'race', code: `R${i}`, price: 1 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const r = (await ctx.database.db.execute(
      sql`select count(*)::int as n from resource_items where kind = 'testSku' and document->>'sku' = 'race'`,
    )) as unknown as { rows: { n: number }[] };
    expect(r.rows[0].n).toBe(1);
  });

  it('a secret is never read back, versioned or audited; kept unless typed', async () => {
    const made = await create({ id: 's1', platform: 'ios', sku: 's1', code: 'S1', price: 1, signingKey: SECRET });
    expect(made.statusCode).toBe(200);
    expect(made.json().data.signingKey).toBe('set');
    expect((await get('s1')).signingKey).toBe('set');
    const list = (await ctx.call('GET', `${path}?search=s1`, { token: ctx.adminToken })).json().data.list;
    expect(list.find((i: { id: string }) => i.id === 's1').signingKey).toBe('set');
    await create({ id: 's2', platform: 'ios', sku: 's2', code: 'S2', price: 1 });
    expect((await get('s2')).signingKey).toBe('notSet');

    // An update without the field keeps it; a typed one replaces it.
    expect((await put('s1', { platform: 'ios', sku: 's1', code: 'S1', price: 2 })).statusCode).toBe(200);
    expect((await stored('s1')).signingKey).toBe(SECRET);
    expect(
      (await put('s1', { platform: 'ios', sku: 's1', code: 'S1', price: 3, signingKey: NEW_SECRET })).statusCode,
    ).toBe(200);
    expect((await stored('s1')).signingKey).toBe(NEW_SECRET);
    // A restore of a version (which keeps no secret) keeps the current one.
    expect(
      (await ctx.call('POST', `${path}/s1/versions/1/restore`, { token: ctx.adminToken, body: {} })).statusCode,
    ).toBe(200);
    expect(await stored('s1')).toMatchObject({ price: 1, signingKey: NEW_SECRET });

    const versions = await ctx.call('GET', `${path}/s1/versions`, { token: ctx.adminToken });
    expect(versions.statusCode).toBe(200);
    const one = await ctx.call('GET', `${path}/s1/versions/2`, { token: ctx.adminToken });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.document).not.toHaveProperty('signingKey');
    await ctx.app.flushAccessLog();
    const everywhere = (await ctx.database.db.execute(sql`
      select (select count(*)::int from resource_versions where document::text like ${'%sk-live-%'}) as versions,
             (select count(*)::int from audit_log where coalesce(before::text, '') || coalesce(after::text, '') like ${'%sk-live-%'}) as audit,
             (select count(*)::int from access_log where access_log::text like ${'%sk-live-%'}) as access`)) as unknown as {
      rows: { versions: number; audit: number; access: number }[];
    };
    expect(everywhere.rows[0]).toEqual({ versions: 0, audit: 0, access: 0 });
    for (const body of [versions.body, one.body]) expect(body).not.toContain('sk-live-');
    // The audit rows of the item exist (so the search above read something).
    const audited = (await ctx.database.db.execute(
      sql`select count(*)::int as n from audit_log where target = 'testSku:s1'`,
    )) as unknown as { rows: { n: number }[] };
    expect(audited.rows[0].n).toBe(4);
  });
});
