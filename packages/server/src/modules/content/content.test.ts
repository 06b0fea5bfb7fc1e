import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const CONSTANTS = '/api/v1/resources/constant';
const DICTIONARY = '/api/v1/resources/dictionary';

/** What the game's servers get: status, ETag and the content. */
async function fetchContent(kinds = 'constant,dictionary', etag?: string, app = ctx.app) {
  const { data, ...rest } = await ctx.gameRead(`/api/game/v1/content?kinds=${kinds}`, etag, app);
  return { ...rest, content: data?.content };
}

const save = (method: 'POST' | 'PUT', url: string, body: unknown, token = ctx.adminToken, locale = 'en-US') =>
  ctx.call(method, url, { token, body, locale });

describe('constants and dictionary through the game content', () => {
  it('creates, edits and deletes; the game sees each change, 304 while unchanged', async () => {
    const empty = await fetchContent();
    expect(empty.status).toBe(200);
    expect(empty.content).toEqual({ constant: {}, dictionary: {} });
    expect((await fetchContent(undefined, empty.etag)).status).toBe(304);

    const created = await save('POST', CONSTANTS, {
      name: 'maxEnergy',
      type: 'number',
      value: 120,
      description: 'Energy cap',
      comment: 'first',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ name: 'maxEnergy', value: 120, version: 1, updatedBy: 'admin' });
    const dict = await save('POST', DICTIONARY, { key: 'shop.title', 'zh-CN': '商店', 'en-US': 'Shop' });
    expect(dict.statusCode, dict.body).toBe(200);

    const after = await fetchContent();
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(empty.etag);
    expect(after.content).toEqual({
      constant: { maxEnergy: 120 },
      dictionary: { 'shop.title': { 'zh-CN': '商店', 'en-US': 'Shop' } },
    });
    expect((await fetchContent(undefined, after.etag)).status).toBe(304);
    expect((await fetchContent('dictionary')).content).toEqual({
      dictionary: { 'shop.title': { 'zh-CN': '商店', 'en-US': 'Shop' } },
    });

    const edited = await save('PUT', `${CONSTANTS}/maxEnergy`, {
      name: 'maxEnergy',
      type: 'number',
      value: 150,
      comment: 'more',
    });
    expect(edited.json().data).toMatchObject({ value: 150, version: 2 });
    const changed = await fetchContent(undefined, after.etag);
    expect(changed.status).toBe(200);
    expect(changed.content.constant).toEqual({ maxEnergy: 150 });

    const list = await ctx.call('GET', `${CONSTANTS}?search=energy`, { token: ctx.adminToken });
    expect(list.json().data.pagination.total).toBe(1);
    expect(list.json().data.list[0]).toMatchObject({ name: 'maxEnergy', value: 150 });

    const del = await ctx.call('DELETE', `${DICTIONARY}/shop.title`, { token: ctx.adminToken });
    expect(del.statusCode).toBe(200);
    expect((await fetchContent()).content.dictionary).toEqual({});
    expect((await ctx.call('GET', `${DICTIONARY}/shop.title`, { token: ctx.adminToken })).statusCode).toBe(404);
  });

  it('keeps a version per save; restore saves an old one as the newest', async () => {
    for (const [value, comment] of [
      ['hello', 'v1'],
      ['hello again', 'v2'],
    ])
      expect(
        (
          await save(value === 'hello' ? 'POST' : 'PUT', value === 'hello' ? CONSTANTS : `${CONSTANTS}/greeting`, {
            name: 'greeting',
            type: 'string',
            value,
            comment,
          })
        ).statusCode,
      ).toBe(200);
    const history = await ctx.call('GET', `${CONSTANTS}/greeting/versions`, { token: ctx.adminToken });
    expect(history.statusCode).toBe(200);
    expect(history.json().data.list.map((v: { version: number; comment: string }) => [v.version, v.comment])).toEqual([
      [2, 'v2'],
      [1, 'v1'],
    ]);
    expect(history.json().data.list[1]).toMatchObject({ author: 'admin', document: { value: 'hello' } });
    const one = await ctx.call('GET', `${CONSTANTS}/greeting/versions/1`, { token: ctx.adminToken });
    expect(one.json().data.document).toEqual({ name: 'greeting', type: 'string', value: 'hello', description: '' });

    const restored = await save('POST', `${CONSTANTS}/greeting/versions/1/restore`, { comment: 'back' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ value: 'hello', version: 3 });
    const latest = await ctx.call('GET', `${CONSTANTS}/greeting/versions/3`, { token: ctx.adminToken });
    expect(latest.json().data).toMatchObject({ restoredFrom: 1, comment: 'back', document: { value: 'hello' } });
    expect((await fetchContent('constant')).content.constant.greeting).toBe('hello');

    const audit = await ctx.call('GET', '/api/v1/system/log?target=constant:greeting', { token: ctx.adminToken });
    expect(audit.statusCode, audit.body).toBe(200);
    const actions = audit.json().data.list.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['constantRestore', 'constantUpdate', 'constantCreate']);
    expect(audit.json().data.list[0]).toMatchObject({ before: { value: 'hello again' }, after: { value: 'hello' } });
    const byEntity = await ctx.call('GET', '/api/v1/system/log?entity=constant&pageSize=100', {
      token: ctx.adminToken,
    });
    expect(byEntity.json().data.list.every((e: { target: string }) => e.target.startsWith('constant:'))).toBe(true);
    expect(byEntity.json().data.pagination.total).toBeGreaterThanOrEqual(3);

    expect((await ctx.call('GET', `${CONSTANTS}/greeting/versions/9`, { token: ctx.adminToken })).statusCode).toBe(404);
  });

  it('evaluates windows at read time with the service clock', async () => {
    const start = new Date('2031-05-01T00:00:00Z');
    const end = new Date('2031-05-02T00:00:00Z');
    const res = await save('POST', CONSTANTS, {
      name: 'eventBonus',
      type: 'boolean',
      value: true,
      effectiveAt: start.toISOString(),
      expireAt: end.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    try {
      ctx.clock.set(new Date(start.getTime() - 1000));
      const before = await fetchContent('constant');
      expect(before.content.constant.eventBonus).toBeUndefined();
      ctx.clock.set(start);
      const during = await fetchContent('constant', before.etag);
      expect(during.status).toBe(200);
      expect(during.content.constant.eventBonus).toBe(true);
      ctx.clock.set(new Date(end.getTime() - 1));
      expect((await fetchContent('constant', during.etag)).status).toBe(304);
      ctx.clock.set(end);
      expect((await fetchContent('constant')).content.constant.eventBonus).toBeUndefined();
    } finally {
      ctx.clock.set(null);
    }
    const backwards = await save('POST', CONSTANTS, {
      name: 'badWindow',
      type: 'boolean',
      value: true,
      effectiveAt: end.toISOString(),
      expireAt: start.toISOString(),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ field: 'expireAt', message: 'The expiry must be after the start' }]);
  });

  it('refuses a taken key, a value of the wrong type and a changed key, in the user language, changing nothing', async () => {
    await save('POST', CONSTANTS, { name: 'dupe', type: 'number', value: 1 });
    const before = await ctx.fingerprint();
    const dup = await save('POST', CONSTANTS, { name: 'dupe', type: 'number', value: 2 }, ctx.adminToken, 'zh-CN');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: '常量“dupe”已存在', errors: [{ field: 'name', message: '该名称已存在' }] });
    const wrongType = await save('POST', CONSTANTS, { name: 'typed', type: 'number', value: '12' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual([{ field: 'value', message: 'The value must be a number' }]);
    const zh = await save('POST', CONSTANTS, { name: 'typed', type: 'boolean', value: 1 }, ctx.adminToken, 'zh-CN');
    expect(zh.json().errors).toEqual([{ field: 'value', message: '值应为 true 或 false' }]);
    const badKey = await save('POST', CONSTANTS, { name: '1bad key', type: 'json', value: {} });
    expect(badKey.json().errors[0].field).toBe('name');
    const renamed = await save('PUT', `${CONSTANTS}/dupe`, { name: 'other', type: 'number', value: 3 });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ field: 'name', message: 'The name cannot be changed' }]);
    const missing = await save('PUT', `${CONSTANTS}/nothing`, { name: 'nothing', type: 'number', value: 3 });
    expect(missing.statusCode).toBe(404);
    const noText = await save('POST', DICTIONARY, { key: 'empty', 'zh-CN': ' ', 'en-US': 'x' });
    expect(noText.json().errors).toEqual([{ field: 'zh-CN', message: 'Please enter the text' }]);
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('checks references on save and refuses to delete what is referred to, saying where', async () => {
    const orphan = await save('POST', CONSTANTS, { name: 'welcomeText', type: 'text', value: 'welcome.banner' });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json()).toMatchObject({
      msg: 'The Dictionary entry "welcome.banner" this refers to does not exist',
      errors: [{ field: 'value', message: 'The item this refers to does not exist' }],
    });
    await save('POST', DICTIONARY, { key: 'welcome.banner', 'zh-CN': '欢迎', 'en-US': 'Welcome' });
    expect(
      (await save('POST', CONSTANTS, { name: 'welcomeText', type: 'text', value: 'welcome.banner' })).statusCode,
    ).toBe(200);
    const refused = await ctx.call('DELETE', `${DICTIONARY}/welcome.banner`, {
      token: ctx.adminToken,
      locale: 'zh-CN',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('仍被引用，不能删除：常量 welcomeText (value)');
    // Once the constant no longer names it, the entry can go.
    await save('PUT', `${CONSTANTS}/welcomeText`, { name: 'welcomeText', type: 'string', value: 'Welcome' });
    expect((await ctx.call('DELETE', `${DICTIONARY}/welcome.banner`, { token: ctx.adminToken })).statusCode).toBe(200);
  });

  it('answers each permission: constQuery reads, constEdit writes, dictQuery cannot edit', async () => {
    const { token } = await ctx.userWithPermissions('constReader', ['constQuery', 'dictQuery']);
    expect((await ctx.call('GET', CONSTANTS, { token })).statusCode).toBe(200);
    expect((await ctx.call('GET', `${DICTIONARY}?search=x`, { token })).statusCode).toBe(200);
    expect((await save('POST', CONSTANTS, { name: 'nope', type: 'number', value: 1 }, token)).statusCode).toBe(403);
    expect((await save('POST', DICTIONARY, { key: 'nope', 'zh-CN': 'a', 'en-US': 'b' }, token)).statusCode).toBe(403);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('the second instance serves a change made through the first', async () => {
    const second = await createTestContext({ shareDatabaseOf: ctx });
    try {
      const first = await fetchContent('constant', undefined, second.app);
      expect(first.status).toBe(200);
      const res = await save('POST', CONSTANTS, { name: 'sharedLimit', type: 'number', value: 7 });
      expect(res.statusCode).toBe(200);
      await expect
        .poll(async () => (await fetchContent('constant', undefined, second.app)).content.constant.sharedLimit, {
          timeout: 15_000,
        })
        .toBe(7);
      expect((await fetchContent('constant', first.etag, second.app)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
