import { type Experiment as GbExperiment, GrowthBookClient } from '@growthbook/growthbook';
import { type Experiment, experimentSchema, layerExperimentOf, toGrowthBookExperiment } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, GAME_KEY, type TestContext } from '../../test/harness.js';
import { aggregateDaily } from './daily.js';

/**
 * A/B tests through the console API and the game's config fetch (issue 30): the lifecycle, bucket
 * ranges, ramp and phases, targeting, forced players and overrides, and the split on 10,000
 * players compared with GrowthBook's SDK.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // 10,000 players: ids 100001 … 110000; every tenth on Android, the rest iOS; half in CN.
  await ctx.database.db.execute(
    sql`insert into players (id, state, os, country, first_login_at, updated_at)
        select 100000 + g, '{}'::jsonb, case when g % 10 = 0 then 'android' else 'ios' end,
               case when g % 2 = 0 then 'CN' else 'US' end, now(), now()
        from generate_series(1, 10000) as g`,
  );
  for (const [name, type, defaultValue] of [
    ['abPrice', 'number', 10],
    ['abColour', 'string', 'red'],
    ['abOther', 'number', 0],
  ] as const) {
    const res = await call('POST', CONFIG, { name, type, defaultValue });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => ctx?.close());

const CONFIG = '/api/v1/resources/config';
const LAYER = '/api/v1/resources/abLayer';
const EXPERIMENT = '/api/v1/resources/experiment';
const FIRST = 100_001;
const PLAYERS = 10_000;

const call: typeof ctx.admin = (...args) => ctx.admin(...args);
const ok: typeof ctx.adminOk = (...args) => ctx.adminOk(...args);
const action = (name: string, ...keys: string[]) => call('POST', `${EXPERIMENT}/actions/${name}`, { keys });
const stored = async (key: string) => experimentSchema.parse(await ok('GET', `${EXPERIMENT}/${key}`)) as Experiment;

const configOf = (userId: number, etag?: string) => ctx.gameRead(`/api/game/v1/players/${userId}/config`, etag);

const experiment = (key: string, over: Partial<Experiment> = {}) => ({
  key,
  name: `Experiment ${key}`,
  layer: 'main',
  configFields: ['abPrice'],
  coverage: 50,
  variations: [
    { name: 'control', weight: 50, variables: [{ field: 'abPrice', value: 10 }] },
    { name: 'cheaper', weight: 50, variables: [{ field: 'abPrice', value: 8 }] },
  ],
  ...over,
});

/** Variations `a` and `b`, half each, setting the field abOther to 1 and 2. */
const OTHER_SPLIT = {
  configFields: ['abOther'],
  variations: [
    { name: 'a', weight: 50, variables: [{ field: 'abOther', value: 1 }] },
    { name: 'b', weight: 50, variables: [{ field: 'abOther', value: 2 }] },
  ],
};

const client = new GrowthBookClient().initSync({ payload: { features: {} } });
function growthBook(doc: Experiment, userId: number) {
  const gb = toGrowthBookExperiment({ namespace: doc.layer, hashVersion: 2 }, layerExperimentOf(doc));
  const r = client.runInlineExperiment(gb as unknown as GbExperiment<number>, { attributes: { id: String(userId) } });
  return r.inExperiment ? r.variationId : null;
}

describe('experiments', () => {
  it('runs: takes its share of the layer, splits the players as GrowthBook does, and stops', async () => {
    await ok('POST', LAYER, { name: 'main', description: 'The main layer' });
    const created = await ok('POST', EXPERIMENT, { ...experiment('price'), status: 'running', ranges: [[0, 10000]] });
    // A body cannot set the lifecycle: it starts as a draft owning nothing.
    expect(created).toMatchObject({ status: 'draft', phase: 0, ranges: [] });
    expect((await configOf(FIRST)).data.experiments).toEqual([]);

    const impact = await ok('POST', '/api/v1/abtest/experiments/price/impact', { change: 'run' });
    expect(impact).toMatchObject({ shareBefore: 0, shareAfter: 0.5, phaseAfter: 1, layerFreePercent: 100 });
    expect(impact.audience.count).toBeGreaterThanOrEqual(PLAYERS);
    expect(impact.playersAfter).toBe(Math.round(impact.audience.count / 2));

    expect((await action('run', 'price')).json().data).toEqual({ changed: 1, unchanged: 0 });
    const doc = await stored('price');
    expect(doc).toMatchObject({ status: 'running', phase: 1, ranges: [[0, 5000]] });
    expect(doc.phases).toHaveLength(1);

    // Through the game API: each player's variation is GrowthBook's, and the values follow it.
    const counts = [0, 0];
    let outside = 0;
    for (let id = FIRST; id < FIRST + PLAYERS; id += 1) {
      const { data } = await configOf(id);
      const expected = growthBook(doc, id);
      const got = data.experiments.find((e: { key: string }) => e.key === 'price');
      expect(got?.variation ?? null, `player ${id}`).toBe(expected);
      if (got) {
        counts[got.variation] += 1;
        expect(data.values.abPrice).toBe(got.variation === 0 ? 10 : 8);
      } else {
        outside += 1;
        expect(data.values.abPrice).toBe(10);
      }
    }
    // Half the layer, then half each: within ±1% of the players.
    expect(Math.abs(outside - PLAYERS / 2)).toBeLessThan(PLAYERS * 0.02);
    expect(Math.abs(counts[0] - counts[1])).toBeLessThan(PLAYERS * 0.04);

    const before = await configOf(FIRST + 1);
    expect((await action('stop', 'price')).json().data.changed).toBe(1);
    const after = await configOf(FIRST + 1, before.etag);
    // The stop reaches the next fetch: no 304, no experiment, the usual value.
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(after.data.experiments).toEqual([]);
    expect(after.data.values.abPrice).toBe(10);
    // A stopped experiment is never re-run; it may be archived.
    expect((await action('run', 'price')).json().data).toEqual({ changed: 0, unchanged: 1 });
    expect((await stored('price')).status).toBe('stopped');
    expect((await action('archive', 'price')).json().data.changed).toBe(1);
    expect((await stored('price')).status).toBe('archived');
  }, 180_000);

  it('refuses a planned end that has passed: on a save (by the service clock) and before a run', async () => {
    const ended = 'The planned end has passed: once running, the experiment would assign no player';
    await ok('POST', LAYER, { name: 'late' });
    const past = await call(
      'POST',
      EXPERIMENT,
      experiment('ended', { layer: 'late', startAt: '2020-01-01T00:00:00.000Z', endAt: '2020-02-01T00:00:00.000Z' }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ field: 'endAt', message: ended }]);
    // Made while its end was ahead; then the service clock passes it: the run is refused, a draft stays.
    const HOUR = 3_600_000;
    await ok(
      'POST',
      EXPERIMENT,
      experiment('lapsed', { layer: 'late', endAt: new Date(Date.now() + HOUR).toISOString() }),
    );
    ctx.clock.set(new Date(Date.now() + 2 * HOUR));
    try {
      const run = await action('run', 'lapsed');
      expect(run.statusCode).toBe(409);
      expect(run.json().msg).toBe(ended);
      expect((await stored('lapsed')).status).toBe('draft');
      // Its name may still change while its stored end stays; a new end in the past is refused.
      const doc = await stored('lapsed');
      expect((await call('PUT', `${EXPERIMENT}/lapsed`, { ...doc, name: 'Renamed' })).statusCode).toBe(200);
      const moved = await call('PUT', `${EXPERIMENT}/lapsed`, {
        ...doc,
        endAt: new Date(Date.now() + HOUR).toISOString(),
      });
      expect(moved.json().errors).toEqual([{ field: 'endAt', message: ended }]);
    } finally {
      ctx.clock.set(null);
    }
  });

  it('keeps two experiments of a layer apart and refuses a layer without room', async () => {
    await ok('POST', LAYER, { name: 'split' });
    await ok('POST', EXPERIMENT, experiment('left', { layer: 'split', coverage: 60 }));
    await ok(
      'POST',
      EXPERIMENT,
      experiment('right', {
        layer: 'split',
        coverage: 50,
        configFields: ['abColour'],
        variations: [
          { name: 'red', weight: 50, variables: [{ field: 'abColour', value: 'red' }] },
          { name: 'blue', weight: 50, variables: [{ field: 'abColour', value: 'blue' }] },
        ],
      }),
    );
    expect((await action('run', 'left')).statusCode).toBe(200);
    const full = await action('run', 'right');
    expect(full.statusCode).toBe(409);
    expect(full.json().msg).toBe('Layer "split" has 40% free, less than the 50% needed');
    expect(full.json().errors).toBeUndefined();
    expect((await stored('right')).status).toBe('draft');
    await ok('PUT', `${EXPERIMENT}/right`, { ...(await stored('right')), coverage: 40 });
    expect((await action('run', 'right')).statusCode).toBe(200);
    expect((await stored('right')).ranges).toEqual([[6000, 10000]]);

    const buckets = (await ok('GET', '/api/v1/abtest/buckets')).list.find(
      (l: { layer: string }) => l.layer === 'split',
    );
    expect(buckets).toMatchObject({ freeCount: 0, free: [] });
    expect(buckets.experiments.map((e: { key: string; count: number }) => [e.key, e.count])).toEqual([
      ['left', 6000],
      ['right', 4000],
    ]);
    for (let id = FIRST; id < FIRST + 2000; id += 1) {
      const keys = (await configOf(id)).data.experiments.map((e: { key: string }) => e.key);
      expect(keys.length, `player ${id}`).toBe(1);
    }
    // The layer and the running experiment's field cannot be deleted.
    expect((await call('DELETE', `${LAYER}/split`)).statusCode).toBe(409);
    expect((await call('DELETE', `${CONFIG}/abColour`)).statusCode).toBe(409);
    await action('stop', 'left', 'right');
  }, 120_000);

  it('a ramp goes as far as the layer has room for; a refusal names the free share on the action, not a field', async () => {
    await ok('POST', LAYER, { name: 'room' });
    await ok('POST', EXPERIMENT, experiment('wide', { layer: 'room', coverage: 50 }));
    await ok(
      'POST',
      EXPERIMENT,
      experiment('beside', {
        layer: 'room',
        coverage: 30,
        configFields: ['abColour'],
        variations: [
          { name: 'red', weight: 50, variables: [{ field: 'abColour', value: 'red' }] },
          { name: 'blue', weight: 50, variables: [{ field: 'abColour', value: 'blue' }] },
        ],
      }),
    );
    await action('run', 'wide', 'beside');
    // From 50 % the next step is 100 %, which cannot fit beside 30 %: the ramp offers 70 %, and the
    // confirmation's figures say so before anything is stored.
    const impact = await ok('POST', '/api/v1/abtest/experiments/wide/impact', { change: 'ramp' });
    expect(impact).toMatchObject({ shareBefore: 0.5, shareAfter: 0.7, layerFreePercent: 20 });
    expect((await action('ramp', 'wide')).json().data.changed).toBe(1);
    // Its own buckets stay; the free ones after its neighbour's are added.
    expect(await stored('wide')).toMatchObject({
      coverage: 70,
      ranges: [
        [0, 5000],
        [8000, 10000],
      ],
    });
    // Nothing left: refused on the action with the layer's free share, no field message.
    const full = await action('ramp', 'wide');
    expect(full.statusCode).toBe(409);
    expect(full.json().msg).toBe('Layer "room" has 0% free, less than the 30% needed');
    expect(full.json().errors).toBeUndefined();
    expect((await stored('wide')).coverage).toBe(70);
    // A form's save asking for more than the room: the same message on the traffic field, not "0.01 % to 100 %".
    const form = await call('PUT', `${EXPERIMENT}/wide`, { ...(await stored('wide')), coverage: 80 });
    expect(form.statusCode).toBe(409);
    expect(form.json().errors).toEqual([
      { field: 'coverage', message: 'Layer "room" has 0% free, less than the 10% needed' },
    ]);
    await action('stop', 'wide', 'beside');
  }, 120_000);

  it('ramps without moving anyone, and a new phase reshuffles with its seed', async () => {
    await ok('POST', LAYER, { name: 'ramp' });
    await ok('POST', EXPERIMENT, experiment('grow', { layer: 'ramp', coverage: 10 }));
    await action('run', 'grow');
    const variationOf = async (id: number) =>
      (await configOf(id)).data.experiments.find((e: { key: string }) => e.key === 'grow')?.variation ?? null;
    const ids = Array.from({ length: 1500 }, (_, i) => FIRST + i);
    const first = new Map<number, number | null>();
    for (const id of ids) first.set(id, await variationOf(id));

    expect((await action('ramp', 'grow')).json().data.changed).toBe(1);
    const ramped = await stored('grow');
    expect(ramped).toMatchObject({ coverage: 25, phase: 1, ranges: [[0, 2500]] });
    let entered = 0;
    for (const id of ids) {
      const now = await variationOf(id);
      if (first.get(id) !== null) expect(now, `player ${id} moved`).toBe(first.get(id));
      else if (now !== null) entered += 1;
    }
    expect(entered).toBeGreaterThan(100);

    // A form's save cannot shrink the traffic or change what a variation gives.
    const shrink = await call('PUT', `${EXPERIMENT}/grow`, { ...ramped, coverage: 5 });
    expect(shrink.statusCode).toBe(409);
    const edit = structuredClone(ramped);
    edit.variations[1].variables[0].value = 7;
    expect((await call('PUT', `${EXPERIMENT}/grow`, edit)).statusCode).toBe(409);

    // New weights: a new phase, a new seed, a different split.
    const reweighted = structuredClone(ramped);
    reweighted.variations[0].weight = 20;
    reweighted.variations[1].weight = 80;
    await ok('PUT', `${EXPERIMENT}/grow`, reweighted);
    const phase2 = await stored('grow');
    expect(phase2.phase).toBe(2);
    expect(phase2.phases.map((p) => p.weights)).toEqual([
      [50, 50],
      [20, 80],
    ]);
    expect(phase2.phases[0].stoppedAt).not.toBeNull();
    let changed = 0;
    for (const id of ids) {
      const now = await variationOf(id);
      expect(now).toBe(growthBook(phase2, id));
      if (first.get(id) !== null && now !== first.get(id)) changed += 1;
    }
    expect(changed).toBeGreaterThan(10);
    await action('stop', 'grow');
  }, 120_000);

  it('targets by conditions; forced players beat assignment and overrides beat both', async () => {
    await ok('POST', LAYER, { name: 'target' });
    await ok(
      'POST',
      EXPERIMENT,
      experiment('android', {
        layer: 'target',
        coverage: 100,
        targeting: [{ attr: 'os', op: 'equal', value: 'android' }],
        ...OTHER_SPLIT,
        forced: [{ userId: FIRST, variation: 1 }],
      }),
    );
    await action('run', 'android');
    for (let id = FIRST + 1; id < FIRST + 200; id += 1) {
      const { data } = await configOf(id);
      const android = (id - 100_000) % 10 === 0;
      expect(data.experiments.length > 0, `player ${id}`).toBe(android);
      expect(data.values.abOther === 0).toBe(!android);
    }
    // Player FIRST is on iOS, yet forced into variation b.
    const forced = (await configOf(FIRST)).data;
    expect(forced.experiments).toEqual([{ key: 'android', variation: 1, variationName: 'b' }]);
    expect(forced.values.abOther).toBe(2);
    expect((await ok('GET', `/api/v1/abtest/forced/player/${FIRST}`)).list).toEqual([
      { experiment: 'android', name: 'Experiment android', status: 'running', variation: 1, variationName: 'b' },
    ]);
    const explain = (await ok('GET', `/api/v1/config/explain/${FIRST}`)).fields.find(
      (f: { name: string }) => f.name === 'abOther',
    );
    expect(explain).toMatchObject({ source: 'experiment', experiment: 'android', variation: 'b', value: 2 });

    await ok('POST', '/api/v1/resources/configOverride', {
      name: 'pinOther',
      field: 'abOther',
      userIds: [FIRST],
      value: 9,
      endAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await configOf(FIRST)).data.values.abOther).toBe(9);
    await action('stop', 'android');
  });

  it('refuses bad experiments with field messages, in the caller’s language', async () => {
    const bad = await call(
      'POST',
      EXPERIMENT,
      experiment('bad', {
        variations: [
          { name: 'a', weight: 70, variables: [{ field: 'abPrice', value: 'ten' }] },
          { name: 'a', weight: 20, variables: [{ field: 'abColour', value: 'x' }] },
        ],
      }),
      'zh-CN',
    );
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().errors.map((f: { field: string }) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['variations', 'variations.1.name', 'variations.1.variables.0.field']),
    );
    const typed = await call(
      'POST',
      EXPERIMENT,
      experiment('typed', {
        variations: [
          { name: 'a', weight: 50, variables: [{ field: 'abPrice', value: 'ten' }] },
          { name: 'b', weight: 50, variables: [] },
        ],
      }),
      'zh-CN',
    );
    expect(typed.statusCode).toBe(400);
    expect(typed.json().msg).toBe('版本“a”中字段“abPrice”的值应为数字');
    const unknown = await call(
      'POST',
      EXPERIMENT,
      experiment('unknown', {
        configFields: ['nope'],
        variations: [
          { name: 'a', weight: 50, variables: [] },
          { name: 'b', weight: 50, variables: [] },
        ],
      }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('The config field "nope" does not exist');
    expect((await call('GET', `${EXPERIMENT}/typed`)).statusCode).toBe(404);
  });
});

const game = (method: 'GET' | 'POST', url: string, body?: unknown, locale = 'en-US') =>
  ctx.app.inject({
    method,
    url,
    payload: body as object,
    headers: { 'x-game-key': GAME_KEY, 'accept-language': locale },
  });

describe('exposures, events and results', () => {
  it('records the first exposure of each player in a phase, off the fetch, and pages them by keyset', async () => {
    await ok('POST', LAYER, { name: 'expo' });
    await ok(
      'POST',
      EXPERIMENT,
      experiment('expo', {
        layer: 'expo',
        coverage: 100,
        ...OTHER_SPLIT,
        forced: [{ userId: FIRST + 5, variation: 1 }],
      }),
    );
    await action('run', 'expo');
    for (let id = FIRST; id < FIRST + 30; id += 1) {
      await configOf(id);
      await configOf(id);
    }
    // "Test on a player" records nothing.
    await ok('GET', `/api/v1/config/explain/${FIRST + 40}`);
    await ctx.app.abExposures.flush();
    const first = await ok('GET', '/api/v1/abtest/experiments/expo/exposures?limit=20');
    expect(first.items).toHaveLength(20);
    expect(first.next).not.toBeNull();
    const second = await ok('GET', `/api/v1/abtest/experiments/expo/exposures?limit=20&after=${first.next}`);
    // 30 players fetched twice; the forced one is left out of results: 29 exposures.
    expect(second.items).toHaveLength(9);
    expect(second.next).toBeNull();
    const users = [...first.items, ...second.items].map((x: { userId: number }) => x.userId);
    expect(new Set(users).size).toBe(29);
    expect(users).not.toContain(FIRST + 5);
    expect(users).not.toContain(FIRST + 40);
    for (const x of first.items) {
      expect(x.variation).toBe(growthBook(await stored('expo'), x.userId));
      expect(x.os).toBe((x.userId - 100_000) % 10 === 0 ? 'android' : 'ios');
    }
    const results = await ok('GET', '/api/v1/abtest/experiments/expo/results');
    expect(results.variations.map((v: { exposed: number }) => v.exposed).reduce((a: number, b: number) => a + b)).toBe(
      29,
    );
    expect((await call('GET', '/api/v1/abtest/experiments/expo/exposures?after=xyz')).statusCode).toBe(400);
    await action('stop', 'expo');
  });

  it('takes the game’s events in batches, and refuses bad ones changing nothing', async () => {
    const url = `/api/game/v1/players/${FIRST}/events`;
    const good = await game('POST', url, { events: [{ name: 'level_up' }, { name: 'spend', value: 12.5 }] });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toEqual({ accepted: 2 });
    const count = async () =>
      Number(
        (
          (await ctx.database.db.execute(sql`select count(*)::int as n from game_events`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0].n,
      );
    const before = await count();
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    for (const [body, field] of [
      [{ events: [{ name: 'ok' }, { name: 'Bad Name' }] }, 'events.1.name'],
      [{ events: [] }, 'events'],
      [{ events: Array.from({ length: 101 }, () => ({ name: 'x' })) }, 'events'],
      [{ events: [{ name: 'ok', at: old }] }, 'events.0.at'],
      [{ events: [{ name: 'ok', value: 'high' }] }, 'events.0.value'],
    ] as const) {
      const res = await game('POST', url, body, 'zh-CN');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await game('POST', '/api/game/v1/players/999999999/events', { events: [{ name: 'x' }] })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'POST', url, payload: { events: [{ name: 'x' }] } })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('results on a small fixture equal hand-computed figures; a skewed split is flagged; days aggregate once', async () => {
    await ok('POST', LAYER, { name: 'res' });
    await ok(
      'POST',
      EXPERIMENT,
      experiment('res', {
        layer: 'res',
        coverage: 10,
        ...OTHER_SPLIT,
        metrics: ['retention:1', 'event:level_up:count'],
      }),
    );
    await action('run', 'res');
    const phaseStart = Date.parse((await stored('res')).phases[0].startedAt);
    const day0 = Date.parse(new Date(phaseStart).toISOString().slice(0, 10)) - 2 * 86_400_000;
    const at = (ms: number) => new Date(ms).toISOString();
    // Variation 0: players 1–4 (two come back on day 1; level_up counts 1, 0, 2, 0).
    // Variation 1: players 5–8 (three come back; counts 3, 1, 0, 2).
    const users = Array.from({ length: 8 }, (_, i) => FIRST + 200 + i);
    for (const [i, u] of users.entries())
      await ctx.database.db.execute(
        sql`insert into ab_exposures (experiment, phase, user_id, variation, os, country, at)
            values ('res', 1, ${u}, ${i < 4 ? 0 : 1}, 'ios', ${i % 2 ? 'US' : 'CN'}, ${at(day0 + 3_600_000)})`,
      );
    const back = [true, true, false, false, true, true, true, false];
    const levels = [1, 0, 2, 0, 3, 1, 0, 2];
    for (const [i, u] of users.entries()) {
      if (back[i])
        await ctx.database.db.execute(
          sql`insert into player_events (user_id, type, at) values (${u}, 'login', ${at(day0 + 86_400_000 + 7_200_000)})`,
        );
      for (let k = 0; k < levels[i]; k += 1)
        await ctx.database.db.execute(
          sql`insert into game_events (user_id, name, at) values (${u}, 'level_up', ${at(day0 + 7_200_000 + k)})`,
        );
    }
    const r = await ok('GET', '/api/v1/abtest/experiments/res/results');
    expect(r.variations.map((v: { exposed: number }) => v.exposed)).toEqual([4, 4]);
    const retention = r.metrics.find((m: { metric: string }) => m.metric === 'retention:1').rows;
    expect(retention.map((x: { n: number; mean: number }) => [x.n, x.mean])).toEqual([
      [4, 0.5],
      [4, 0.75],
    ]);
    // Control 1,1,0,0; treatment 1,1,1,0: uplift 0.5, delta-method variance 1 (see the stats test).
    expect(retention[1].uplift).toBeCloseTo(0.5, 10);
    expect(retention[1].chanceToBeat).toBeCloseTo(0.6915, 4);
    const levelUps = r.metrics.find((m: { metric: string }) => m.metric === 'event:level_up:count').rows;
    expect(levelUps.map((x: { mean: number }) => x.mean)).toEqual([0.75, 1.5]);
    expect(levelUps[1].uplift).toBeCloseTo(1, 10);
    expect(r.srm.flagged).toBe(false);
    const cn = r.segments.find((s: { kind: string; segment: string }) => s.kind === 'country' && s.segment === 'CN');
    expect(cn.exposed).toEqual([2, 2]);

    // Days aggregate once: the exposure day and the next, cumulative.
    const written = await aggregateDaily(ctx.database.db, new Date(phaseStart + 86_400_000));
    expect(written).toBeGreaterThanOrEqual(1);
    expect(await aggregateDaily(ctx.database.db, new Date(phaseStart + 86_400_000))).toBe(0);
    const daily = (await ok('GET', '/api/v1/abtest/experiments/res/results')).daily;
    // The phase's first day, whole once the clock passed it (every experiment's days aggregate in one run).
    expect(daily.map((d: { day: string }) => d.day)).toEqual([new Date(phaseStart).toISOString().slice(0, 10)]);
    expect(daily.at(-1).exposed).toEqual([4, 4]);
    expect(daily.at(-1).metrics['event:level_up:count']).toEqual([0.75, 1.5]);

    // 30 against 70 at 50/50: χ² = 16, p ≈ 6.3e-5, flagged.
    for (let i = 0; i < 92; i += 1)
      await ctx.database.db.execute(
        sql`insert into ab_exposures (experiment, phase, user_id, variation, at)
            values ('res', 1, ${FIRST + 300 + i}, ${i < 26 ? 0 : 1}, ${at(day0)})`,
      );
    const skewed = await ok('GET', '/api/v1/abtest/experiments/res/results');
    expect(skewed.variations.map((v: { exposed: number }) => v.exposed)).toEqual([30, 70]);
    expect(skewed.srm.chiSquare).toBeCloseTo(16, 10);
    expect(skewed.srm.flagged).toBe(true);
    expect((await call('GET', '/api/v1/abtest/experiments/res/results?phase=5')).statusCode).toBe(404);
    await action('stop', 'res');
  });
});
