import { microPercentile } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleDeps } from '../../module.js';
import { type ConfigLayer, ConfigLayers } from '../../platform/resources/config-layers.js';
import { createTestContext, GAME_KEY, type TestContext } from '../../test/harness.js';

/** Two config layers of this file's app, set per test: `top` (order 50) comes before `low` (order 60). */
const testLayers: Record<'top' | 'low', ConfigLayer['layer'] | undefined> = { top: undefined, low: undefined };
/** How many times each was called, by fetch or explain. */
const layerCalls = { top: 0, low: 0 };
let kit: ModuleDeps['kit'];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    modules: [
      (deps) => {
        kit = deps.kit;
        // Registered low first: the order, not the line, decides.
        for (const [name, order] of [
          ['low', 60],
          ['top', 50],
        ] as const)
          deps.kit.configLayer({
            name: `test-${name}`,
            order,
            layer: async (...args) => {
              layerCalls[name] += 1;
              return testLayers[name]?.(...args);
            },
          });
      },
    ],
  });
});
afterAll(() => ctx?.close());

const FIELDS = '/api/v1/resources/config';
const OVERRIDES = '/api/v1/resources/configOverride';
const HOUR = 3_600_000;
let devices = 0;

const admin = (method: string, url: string, body?: unknown, locale = 'en-US') =>
  ctx.call(method, url, { token: ctx.adminToken, body, locale });

async function saveField(body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') {
  const res = await admin(method, method === 'POST' ? FIELDS : `${FIELDS}/${body.name}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A player logged in through the game API with these attributes. */
async function player(attrs: { os?: string; appVersion?: string; language?: string; country?: string } = {}) {
  devices += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/game/v1/players/login',
    headers: { 'x-game-key': GAME_KEY },
    payload: {
      deviceId: `cfg-dev-${devices}-${Math.random().toString(36).slice(2, 8)}`,
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.0.0',
      language: 'en-US',
      country: 'US',
      ...attrs,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.userId as number;
}

/** What the game gets: status, ETag and the values. */
async function fetchConfig(userId: number, etag?: string, app = ctx.app) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/game/v1/players/${userId}/config`,
    headers: { 'x-game-key': GAME_KEY, ...(etag ? { 'if-none-match': etag } : {}) },
  });
  const body = res.statusCode === 200 ? res.json() : undefined;
  return {
    status: res.statusCode,
    etag: res.headers.etag as string,
    values: body?.data?.values as Record<string, unknown>,
    version: body?.data?.version as string,
    body: res.body,
  };
}

const valuesOf = async (userId: number) => {
  const r = await fetchConfig(userId);
  expect(r.status, r.body).toBe(200);
  return r.values;
};

describe('remote config through the game API', () => {
  it('a field with conditions gives each of several players exactly their value', async () => {
    await saveField({
      name: 'greeting',
      type: 'string',
      defaultValue: 'hello',
      description: 'First screen text',
      values: [
        { label: 'China', conditions: [{ attr: 'country', op: 'equal', value: 'CN' }], value: '你好' },
        {
          label: 'new iOS',
          conditions: [
            { attr: 'os', op: 'equal', value: 'ios' },
            { attr: 'appVersion', op: 'gte', value: '2.0' },
          ],
          value: 'hi iOS',
        },
        { label: 'German', conditions: [{ attr: 'appLanguage', op: 'include', value: ['de'] }], value: 'hallo' },
      ],
    });
    const cn = await player({ country: 'CN', os: 'ios', appVersion: '3.0.0' });
    const ios = await player({ os: 'ios', appVersion: '2.1.0' });
    const oldIos = await player({ os: 'ios', appVersion: '1.9.9' });
    const de = await player({ language: 'de-AT', country: 'AT' });
    const other = await player();
    expect((await valuesOf(cn)).greeting).toBe('你好');
    expect((await valuesOf(ios)).greeting).toBe('hi iOS');
    expect((await valuesOf(oldIos)).greeting).toBe('hello');
    expect((await valuesOf(de)).greeting).toBe('hallo');
    expect((await valuesOf(other)).greeting).toBe('hello');

    // "Test on a player": the value and the condition that chose it.
    const explain = await admin('GET', `/api/v1/config/explain/${ios}`);
    expect(explain.statusCode, explain.body).toBe(200);
    const data = explain.json().data;
    expect(data.attributes).toMatchObject({ os: 'ios', appVersion: '2.1.0', country: 'US', userType: 'normal' });
    expect(data.fields.find((f: { name: string }) => f.name === 'greeting')).toMatchObject({
      value: 'hi iOS',
      source: 'global',
      valueIndex: 1,
      label: 'new iOS',
    });
    expect((await fetchConfig(999_999_999)).status).toBe(404);
  });

  it('an event config applies only inside its window (service clock)', async () => {
    const start = Date.parse('2030-03-01T00:00:00Z');
    await saveField({
      name: 'dropRate',
      type: 'number',
      defaultValue: 1,
      values: [],
      events: [
        {
          name: 'springFestival',
          effectiveAt: new Date(start).toISOString(),
          expireAt: new Date(start + 72 * HOUR).toISOString(),
          values: [{ value: 2 }],
        },
      ],
    });
    const p = await player();
    try {
      ctx.clock.set(new Date(start - 1));
      expect((await valuesOf(p)).dropRate).toBe(1);
      ctx.clock.set(new Date(start));
      expect((await valuesOf(p)).dropRate).toBe(2);
      ctx.clock.set(new Date(start + 72 * HOUR - 1));
      expect((await valuesOf(p)).dropRate).toBe(2);
      ctx.clock.set(new Date(start + 72 * HOUR));
      expect((await valuesOf(p)).dropRate).toBe(1);
    } finally {
      ctx.clock.set(null);
    }
  });

  it('precedence field by field: override, experiment, event, global, default', async () => {
    const now = Date.now();
    const window = {
      effectiveAt: new Date(now - HOUR).toISOString(),
      expireAt: new Date(now + 24 * HOUR).toISOString(),
    };
    const everyone = (value: unknown) => [{ value }];
    const p = await player({ country: 'JP' });
    // Each field holds every layer below the one that must win for p.
    await saveField({ name: 'pDefault', type: 'number', defaultValue: 1 });
    await saveField({ name: 'pGlobal', type: 'number', defaultValue: 1, values: everyone(2) });
    await saveField({
      name: 'pEvent',
      type: 'number',
      defaultValue: 1,
      values: everyone(2),
      events: [{ name: 'e', ...window, values: everyone(3) }],
    });
    // An event config whose values do not match the player leaves the field to the global config.
    await saveField({
      name: 'pEventMiss',
      type: 'number',
      defaultValue: 1,
      values: everyone(2),
      events: [
        { name: 'e', ...window, values: [{ conditions: [{ attr: 'country', op: 'equal', value: 'FR' }], value: 3 }] },
      ],
    });
    for (const name of ['pExperiment', 'pOverride'])
      await saveField({
        name,
        type: 'number',
        defaultValue: 1,
        values: everyone(2),
        events: [{ name: 'e', ...window, values: everyone(3) }],
      });
    const o = await admin('POST', OVERRIDES, {
      name: 'qa-precedence',
      field: 'pOverride',
      userIds: [p],
      value: 5,
      endAt: new Date(now + 24 * HOUR).toISOString(),
    });
    expect(o.statusCode, o.body).toBe(200);
    // The A/B area's hook: a running experiment's variable, below an override.
    testLayers.top = async (_db, pl) =>
      pl.userId === p
        ? {
            variables: new Map([
              ['pExperiment', { value: 4, experiment: 'exp1', variation: 'B' }],
              ['pOverride', { value: 4, experiment: 'exp1', variation: 'B' }],
            ]),
            list: [{ key: 'exp1', variation: 1, variationName: 'B' }],
            version: 'x',
          }
        : undefined;
    try {
      const v = await valuesOf(p);
      expect([v.pDefault, v.pGlobal, v.pEvent, v.pEventMiss, v.pExperiment, v.pOverride]).toEqual([1, 2, 3, 2, 4, 5]);
      const explained = (await admin('GET', `/api/v1/config/explain/${p}`)).json().data.fields as {
        name: string;
        source: string;
      }[];
      const sources = Object.fromEntries(explained.map((f) => [f.name, f.source]));
      expect(sources).toMatchObject({
        pDefault: 'default',
        pGlobal: 'global',
        pEvent: 'event',
        pEventMiss: 'global',
        pExperiment: 'experiment',
        pOverride: 'override',
      });
    } finally {
      testLayers.top = undefined;
    }
  });

  it('an override beats everything for its players and ends at its end time', async () => {
    const end = Date.now() + 2 * HOUR;
    await saveField({ name: 'coinBonus', type: 'number', defaultValue: 0, values: [{ value: 10 }] });
    const tester = await player();
    const bystander = await player();
    const res = await admin('POST', OVERRIDES, {
      name: 'qa-coins',
      field: 'coinBonus',
      userIds: [tester],
      value: 1000,
      endAt: new Date(end).toISOString(),
      description: 'QA build',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await valuesOf(tester)).coinBonus).toBe(1000);
    expect((await valuesOf(bystander)).coinBonus).toBe(10);
    const listed = await admin('GET', `/api/v1/config/overrides/player/${tester}`);
    expect(listed.json().data.list).toMatchObject([{ name: 'qa-coins', active: true, value: 1000 }]);
    try {
      ctx.clock.set(new Date(end - 1));
      expect((await valuesOf(tester)).coinBonus).toBe(1000);
      ctx.clock.set(new Date(end));
      expect((await valuesOf(tester)).coinBonus).toBe(10);
      expect((await admin('GET', `/api/v1/config/overrides/player/${tester}`)).json().data.list[0].active).toBe(false);
    } finally {
      ctx.clock.set(null);
    }
  });

  it('304 on an unchanged ETag, 200 after any publish and after a restore', async () => {
    await saveField({ name: 'shopLayout', type: 'json', defaultValue: { rows: 2 }, values: [] });
    const p = await player();
    const first = await fetchConfig(p);
    expect(first.status).toBe(200);
    expect(first.values.shopLayout).toEqual({ rows: 2 });
    expect((await fetchConfig(p, first.etag)).status).toBe(304);
    // A publish of a field that does not change this player's values still gives a new version.
    await saveField({
      name: 'unrelated',
      type: 'boolean',
      defaultValue: false,
      values: [{ conditions: [{ attr: 'country', op: 'equal', value: 'NZ' }], value: true }],
    });
    const second = await fetchConfig(p, first.etag);
    expect(second.status).toBe(200);
    expect(second.version).not.toBe(first.version);
    await saveField({ name: 'shopLayout', type: 'json', defaultValue: { rows: 3 }, comment: 'taller' }, 'PUT');
    const third = await fetchConfig(p, second.etag);
    expect(third.status).toBe(200);
    expect(third.values.shopLayout).toEqual({ rows: 3 });
    const restored = await admin('POST', `${FIELDS}/shopLayout/versions/1/restore`, { comment: 'back' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ version: 3, defaultValue: { rows: 2 } });
    const fourth = await fetchConfig(p, third.etag);
    expect(fourth.status).toBe(200);
    expect(fourth.values.shopLayout).toEqual({ rows: 2 });
    const history = await admin('GET', `${FIELDS}/shopLayout/versions`);
    expect(history.json().data.list.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
  });

  it('refuses bad values with zh/en field messages and changes nothing', async () => {
    await saveField({ name: 'maxLives', type: 'number', defaultValue: 5 });
    const p = await player();
    const before = await ctx.fingerprint();
    const bad = await admin('POST', FIELDS, {
      name: 'bad',
      type: 'number',
      defaultValue: 'five',
      values: [{ conditions: [{ attr: 'percent', op: 'lte', value: 150 }], value: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().errors as { field: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([{ field: 'values.0.conditions.0.value', message: 'A percentage is between 0 and 100' }]),
    );
    const zh = await admin('POST', FIELDS, { name: 'bad', type: 'number', defaultValue: 'five' }, 'zh-CN');
    expect(zh.json().errors).toEqual([{ field: 'defaultValue', message: '值应为数字' }]);
    const taken = await admin('POST', FIELDS, { name: 'maxLives', type: 'number', defaultValue: 3 });
    expect(taken.statusCode).toBe(409);
    /** An override of `field` for the player, ending in an hour. */
    const override = (name: string, field: string, value: unknown) =>
      admin('POST', OVERRIDES, { name, field, userIds: [p], value, endAt: new Date(Date.now() + HOUR).toISOString() });
    const wrongType = await override('qa-lives', 'maxLives', 'lots');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual([{ field: 'value', message: 'The value must be a number' }]);
    const noField = await override('qa-ghost', 'noSuchField', 1);
    expect(noField.statusCode).toBe(400);
    expect(await ctx.fingerprint()).toEqual(before);

    // An override pins the field: its type may not change under it, and it may not be deleted.
    const o = await override('qa-lives', 'maxLives', 99);
    expect(o.statusCode, o.body).toBe(200);
    const retype = await admin('PUT', `${FIELDS}/maxLives`, { name: 'maxLives', type: 'string', defaultValue: 'x' });
    expect(retype.statusCode).toBe(400);
    expect(retype.json().msg).toContain('qa-lives');
    const del = await admin('DELETE', `${FIELDS}/maxLives`);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toContain('qa-lives');
    expect((await admin('DELETE', `${OVERRIDES}/qa-lives`)).statusCode).toBe(200);
    expect((await admin('DELETE', `${FIELDS}/maxLives`)).statusCode).toBe(200);
    expect((await valuesOf(p)).maxLives).toBeUndefined();
  });

  it('a percent rule splits 10,000 user IDs as Firebase does, within ±2% of its share, stable across calls', async () => {
    // 10,000 players (one bulk insert), each fetched through the game API and checked against
    // Firebase's rule computed on its own; a second pass over all of them gives the same values.
    await saveField({
      name: 'newShop',
      type: 'boolean',
      defaultValue: false,
      values: [{ label: '30%', conditions: [{ attr: 'percent', op: 'lte', seed: 'newShop', value: 30 }], value: true }],
    });
    await saveField({
      name: 'shopBand',
      type: 'string',
      defaultValue: 'none',
      values: [
        {
          label: '30–55%',
          conditions: [{ attr: 'percent', op: 'between', seed: 'newShop', value: [30, 55] }],
          value: 'mid',
        },
      ],
    });
    const first = 5_000_000;
    const count = 10_000;
    const batchSize = 50;
    await ctx.database.db.execute(
      sql`insert into players (id, state, os, country, first_login_at, updated_at) select g, '{}'::jsonb, 'android', 'US', now(), now() from generate_series(${first}::bigint, ${first + count - 1}::bigint) g`,
    );
    const pass = async () => {
      const got = new Map<number, { newShop: unknown; shopBand: unknown }>();
      for (let batch = first; batch < first + count; batch += batchSize) {
        const ids = Array.from({ length: batchSize }, (_, i) => batch + i);
        const values = await Promise.all(ids.map((id) => valuesOf(id)));
        for (const [i, v] of values.entries()) got.set(ids[i], { newShop: v.newShop, shopBand: v.shopBand });
      }
      return got;
    };
    const values = await pass();
    expect(values.size).toBe(count);
    let on = 0;
    let mid = 0;
    for (const [id, v] of values) {
      const p = microPercentile('newShop', id);
      expect(v.newShop, `user ${id}`).toBe(p <= 30_000_000);
      expect(v.shopBand, `user ${id}`).toBe(p > 30_000_000 && p <= 55_000_000 ? 'mid' : 'none');
      if (v.newShop === true) on += 1;
      if (v.shopBand === 'mid') mid += 1;
    }
    expect(Math.abs(on / count - 0.3)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(mid / count - 0.25)).toBeLessThanOrEqual(0.02);
    // Stable across calls: the second pass answers every player exactly as the first.
    expect(await pass()).toEqual(values);
  }, 180_000);
});

describe('config layers (kit.configLayer)', () => {
  const explainOf = async (userId: number) => {
    const res = await admin('GET', `/api/v1/config/explain/${userId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { version: string; fields: { name: string; value: unknown; source: string }[] };
  };
  const assigning =
    (userId: number, value: number, version: string, key: string): ConfigLayer['layer'] =>
    async (_db, pl) =>
      pl.userId === userId
        ? {
            variables: new Map([['layered', { value, experiment: key, variation: 'B' }]]),
            list: [{ key, variation: 1, variationName: 'B' }],
            version,
          }
        : undefined;

  it('a player no layer gives anything to gets the config version alone, from the fetch and the explain', async () => {
    await saveField({ name: 'layered', type: 'number', defaultValue: 1 });
    const p = await player();
    const fetched = await fetchConfig(p);
    expect(fetched.status, fetched.body).toBe(200);
    // The compiled set's version, no layer's part (the bytes the game got before layers).
    expect(fetched.version).toMatch(/^[\w-]{16}$/);
    expect(JSON.parse(fetched.body).data.experiments).toEqual([]);
    expect((await explainOf(p)).version).toBe(fetched.version);
  });

  it('folds the layers by their order, each called once per fetch, with one version that the explain agrees on', async () => {
    await saveField({ name: 'layered', type: 'number', defaultValue: 1 }, 'PUT');
    const p = await player();
    const base = (await fetchConfig(p)).version;
    testLayers.top = assigning(p, 5, 'vTop', 'expTop');
    testLayers.low = assigning(p, 6, 'vLow', 'expLow');
    try {
      const calls = { ...layerCalls };
      const fetched = await fetchConfig(p);
      expect(fetched.status, fetched.body).toBe(200);
      // Once per fetch, not once per part or per read of the version.
      expect(layerCalls).toEqual({ top: calls.top + 1, low: calls.low + 1 });
      // The lower order wins the field; both are listed and versioned in order.
      expect(fetched.values.layered).toBe(5);
      expect(JSON.parse(fetched.body).data.experiments.map((e: { key: string }) => e.key)).toEqual([
        'expTop',
        'expLow',
      ]);
      expect(fetched.version).toBe(`${base}.vTop.vLow`);
      const explained = await explainOf(p);
      expect(layerCalls).toEqual({ top: calls.top + 2, low: calls.low + 2 });
      expect(explained.version).toBe(fetched.version);
      expect(explained.fields.find((f) => f.name === 'layered')).toMatchObject({ value: 5, source: 'experiment' });
      // The top layer giving nothing leaves the field to the next one.
      testLayers.top = undefined;
      const next = await fetchConfig(p);
      expect(next.values.layered).toBe(6);
      expect(next.version).toBe(`${base}.vLow`);
      expect((await explainOf(p)).version).toBe(next.version);
    } finally {
      testLayers.top = undefined;
      testLayers.low = undefined;
    }
  });

  it("a layer's new version gives a new answer version: no change hides behind a 304", async () => {
    const p = await player();
    testLayers.low = assigning(p, 7, 'one', 'expLow');
    try {
      const first = await fetchConfig(p);
      expect(first.status, first.body).toBe(200);
      expect((await fetchConfig(p, first.etag)).status).toBe(304);
      // Same values, the layer's version alone changed (e.g. an experiment's audience).
      testLayers.low = assigning(p, 7, 'two', 'expLow');
      const second = await fetchConfig(p, first.etag);
      expect(second.status).toBe(200);
      expect(second.values).toEqual(first.values);
      expect(second.version).not.toBe(first.version);
      expect((await fetchConfig(p, second.etag)).status).toBe(304);
    } finally {
      testLayers.low = undefined;
    }
  });

  it('refuses a layer registered after the server started', () => {
    const late = { name: 'late', order: 999, layer: async () => undefined };
    expect(() => kit.configLayer(late)).toThrow('config layer late registered after the server started');
    expect(kit.configLayers().map((l) => l.name)).toEqual(['test-top', 'test-low', 'experiments']);
  });

  it('refuses a second layer of a name or of an order, and keeps them by order', () => {
    const layers = new ConfigLayers();
    const layer = (name: string, order: number) => ({ name, order, layer: async () => undefined });
    layers.add(layer('b', 20));
    layers.add(layer('a', 10));
    layers.add(layer('c', 30));
    expect(layers.list().map((l) => l.name)).toEqual(['a', 'b', 'c']);
    expect(() => layers.add(layer('a', 40))).toThrow('config layer a registered twice');
    expect(() => layers.add(layer('d', 20))).toThrow('config layers b and d share the order 20');
    layers.seal();
    expect(() => layers.add(layer('e', 50))).toThrow('after the server started');
    expect(layers.list()).toHaveLength(3);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('the second instance serves the new value right after a change through the first', async () => {
    const second = await createTestContext({ shareDatabaseOf: ctx });
    try {
      await saveField({ name: 'sharedCap', type: 'number', defaultValue: 1 });
      const p = await player();
      const before = await fetchConfig(p, undefined, second.app);
      expect(before.values.sharedCap).toBe(1);
      await saveField({ name: 'sharedCap', type: 'number', defaultValue: 2 }, 'PUT');
      await expect
        .poll(async () => (await fetchConfig(p, undefined, second.app)).values.sharedCap, {
          timeout: 15_000,
          interval: 20,
        })
        .toBe(2);
      expect((await fetchConfig(p, before.etag, second.app)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
