import { maintenanceWindowResource } from '@rookery/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { exportCsv } from './list.js';

/** The kit's declared list options through the console API: filters, sort, computed columns, actions, export. */

let ctx: TestContext;
const NOW = Date.parse('2026-11-24T08:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const call = async (method: string, url: string, body?: unknown, locale = 'en-US') => {
  const res = await ctx.call(method, url, { token: ctx.adminToken, body, locale });
  return { status: res.statusCode, body: res.json() };
};
const names = (res: { body: { data: { list: Record<string, unknown>[] } } }, key = 'name') =>
  res.body.data.list.map((row) => row[key]);

const CONSTANTS = '/api/v1/resources/constant';
const WINDOWS = '/api/v1/resources/maintenanceWindow';
const TRACK = '/api/v1/resources/unlockTrack';

const window = (name: string, start: number, end: number) => ({
  name,
  startAt: iso(start),
  endAt: iso(end),
  'zh-CN': `维护 ${name}`,
  'en-US': `Maintenance ${name}`,
  platforms: ['ios'],
});

beforeAll(async () => {
  ctx = await createTestContext();
  // Saved before any of their windows ended (an end already past is refused at the save), read at NOW.
  ctx.clock.set(new Date(NOW - 4 * HOUR));
  const saves: [string, unknown][] = [
    [CONSTANTS, { name: 'cBool', type: 'boolean', value: true, description: 'flag' }],
    [CONSTANTS, { name: 'cNum9', type: 'number', value: 9 }],
    [CONSTANTS, { name: 'cNum10', type: 'number', value: 10, expireAt: iso(NOW - HOUR) }],
    [CONSTANTS, { name: 'cStr', type: 'string', value: '=1+1', effectiveAt: iso(NOW + HOUR) }],
    [CONSTANTS, { name: 'cNum2', type: 'number', value: 2, effectiveAt: iso(NOW - HOUR), expireAt: iso(NOW + HOUR) }],
    [WINDOWS, window('past', NOW - 3 * HOUR, NOW - 2 * HOUR)],
    [WINDOWS, window('running', NOW - HOUR, NOW + HOUR)],
    [WINDOWS, window('later', NOW + 2 * HOUR, NOW + 3 * HOUR)],
    [TRACK, { target: 'penguin_king', kind: 'penguin', level: 10 }],
    [TRACK, { target: 'fishing_boat', kind: 'item', level: 9 }],
    [TRACK, { target: 'gacha', kind: 'feature', level: 100 }],
  ];
  for (const [url, body] of saves) {
    const res = await call('POST', url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  ctx.clock.set(new Date(NOW));
});
afterAll(() => ctx?.close());

describe('declared filters', () => {
  it('filters by an enum value, in SQL over the document', async () => {
    expect(names(await call('GET', `${CONSTANTS}?type=number`))).toEqual(['cNum10', 'cNum2', 'cNum9']);
    expect(names(await call('GET', `${TRACK}?kind=item`), 'target')).toEqual(['fishing_boat']);
  });

  it('filters by state at the service clock: the kit window and a document window', async () => {
    expect(names(await call('GET', `${CONSTANTS}?window=scheduled`))).toEqual(['cStr']);
    expect(names(await call('GET', `${CONSTANTS}?window=expired`))).toEqual(['cNum10']);
    expect(names(await call('GET', `${CONSTANTS}?window=active`))).toEqual(['cBool', 'cNum2', 'cNum9']);
    expect(names(await call('GET', `${WINDOWS}?state=active`))).toEqual(['running']);
    expect(names(await call('GET', `${WINDOWS}?state=expired`))).toEqual(['past']);
    // Two hours on, the running window is over and the later one runs: the clock decides, not the rows.
    ctx.clock.set(new Date(NOW + 2.5 * HOUR));
    expect(names(await call('GET', `${WINDOWS}?state=active`))).toEqual(['later']);
    ctx.clock.set(new Date(NOW));
  });

  it('filters by a number range and a time range, bounds inclusive', async () => {
    expect(names(await call('GET', `${TRACK}?levelMin=9&levelMax=10`), 'target')).toEqual([
      'fishing_boat',
      'penguin_king',
    ]);
    expect(names(await call('GET', `${TRACK}?levelMin=11`), 'target')).toEqual(['gacha']);
    const from = encodeURIComponent(iso(NOW - HOUR));
    const to = encodeURIComponent(iso(NOW + 2 * HOUR));
    expect(names(await call('GET', `${WINDOWS}?startAtFrom=${from}&startAtTo=${to}&sort=startAt`))).toEqual([
      'running',
      'later',
    ]);
  });

  it('filters by a reference (the tester overrides of one config field)', async () => {
    for (const name of ['fa', 'fb'])
      expect((await call('POST', '/api/v1/resources/config', { name, type: 'number', defaultValue: 1 })).status).toBe(
        200,
      );
    for (const [name, field] of [
      ['oa', 'fa'],
      ['ob', 'fb'],
    ])
      expect(
        (
          await call('POST', '/api/v1/resources/configOverride', {
            name,
            field,
            userIds: [7],
            value: 2,
            endAt: iso(NOW + HOUR),
          })
        ).status,
      ).toBe(200);
    expect(names(await call('GET', '/api/v1/resources/configOverride?field=fb'))).toEqual(['ob']);
  });

  it('refuses a value outside the declaration with a message on its field, in the operator language', async () => {
    const bad = await call('GET', `${CONSTANTS}?type=${encodeURIComponent("number' or '1'='1")}`, undefined, 'zh-CN');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'type', message: '没有这个筛选值' }]);
    const range = await call('GET', `${TRACK}?levelMin=20&levelMax=3`);
    expect(range.status).toBe(400);
    expect(range.body.errors).toEqual([{ field: 'levelMax', message: 'The end must not be before the start' }]);
    expect((await call('GET', `${TRACK}?levelMin=abc`)).status).toBe(400);
    expect((await call('GET', `${WINDOWS}?state=always`)).status).toBe(400);
    expect((await call('GET', `${WINDOWS}?startAtFrom=yesterday`)).status).toBe(400);
  });
});

describe('declared sort', () => {
  it('sorts by a whitelisted field either way, numbers as numbers, the key breaking ties', async () => {
    expect(names(await call('GET', `${TRACK}?sort=level&order=asc`), 'target')).toEqual([
      'fishing_boat',
      'penguin_king',
      'gacha',
    ]);
    expect(names(await call('GET', `${TRACK}?sort=level&order=desc`), 'target')).toEqual([
      'gacha',
      'penguin_king',
      'fishing_boat',
    ]);
    expect(names(await call('GET', `${CONSTANTS}?sort=type&order=asc`))).toEqual([
      'cBool',
      'cNum10',
      'cNum2',
      'cNum9',
      'cStr',
    ]);
    const paged = await call('GET', `${CONSTANTS}?sort=type&order=desc&page=2&pageSize=2`);
    expect(names(paged)).toEqual(['cNum2', 'cNum10']);
  });

  it('refuses a field it does not declare (no way into the ORDER BY)', async () => {
    const res = await call('GET', `${CONSTANTS}?sort=value`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('sort');
    expect((await call('GET', `${CONSTANTS}?sort=name&order=sideways`)).status).toBe(400);
  });
});

describe('computed columns', () => {
  it('serves each listed item its computed state and count at the service clock', async () => {
    const list = (await call('GET', `${WINDOWS}?sort=startAt`)).body.data.list;
    expect(list.map((w: { name: string; state: string }) => [w.name, w.state])).toEqual([
      ['past', 'expired'],
      ['running', 'active'],
      ['later', 'scheduled'],
    ]);
    const field = {
      name: 'withEvents',
      type: 'number',
      defaultValue: 1,
      events: [
        { name: 'now1', effectiveAt: iso(NOW - HOUR), expireAt: iso(NOW + HOUR), values: [{ value: 2 }] },
        { name: 'now2', effectiveAt: iso(NOW - HOUR), expireAt: iso(NOW + 2 * HOUR), values: [{ value: 3 }] },
        { name: 'soon', effectiveAt: iso(NOW + HOUR), expireAt: iso(NOW + 2 * HOUR), values: [{ value: 4 }] },
      ],
    };
    expect((await call('POST', '/api/v1/resources/config', field)).status).toBe(200);
    const configs = (await call('GET', '/api/v1/resources/config?search=withEvents')).body.data.list;
    expect(configs[0].activeEvents).toBe(2);
  });
});

describe('declared actions', () => {
  it('ends the running window now and leaves the others, one audit entry per change', async () => {
    const res = await call('POST', `${WINDOWS}/actions/endNow`, { keys: ['running', 'later', 'past'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ changed: 1, unchanged: 2 });
    const running = (await call('GET', `${WINDOWS}/running`)).body.data;
    expect(running.endAt).toBe(iso(NOW));
    expect(running.version).toBe(2);
    expect((await call('GET', `${WINDOWS}/later`)).body.data.endAt).toBe(iso(NOW + 3 * HOUR));
    const log = (await call('GET', '/api/v1/system/log?target=maintenanceWindow:running')).body.data.list;
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      'maintenanceWindowEndNow',
      'maintenanceWindowCreate',
    ]);
    expect(names(await call('GET', `${WINDOWS}?state=active`))).toEqual([]);
  });

  it('changes nothing when one of the keys does not exist (one transaction)', async () => {
    await call('POST', WINDOWS, window('again', NOW - HOUR, NOW + HOUR));
    const res = await call('POST', `${WINDOWS}/actions/endNow`, { keys: ['again', 'nosuch'] });
    expect(res.status).toBe(404);
    expect((await call('GET', `${WINDOWS}/again`)).body.data.endAt).toBe(iso(NOW + HOUR));
    expect((await call('POST', `${WINDOWS}/actions/endNow`, { keys: [] })).status).toBe(400);
    await call('DELETE', `${WINDOWS}/again`);
  });
});

describe('CSV export', () => {
  it('streams the filtered list: BOM, labels in the operator language, codes as labels, times in UTC', async () => {
    const res = await ctx.call('GET', `${CONSTANTS}/export?type=number&sort=name&order=desc`, {
      token: ctx.adminToken,
      locale: 'zh-CN',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="constant-2026-11-24\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('名称,类型,值,说明,生效时间（UTC）,失效时间（UTC）,版本,更新人,更新时间（UTC）');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      'cNum9,数字,9',
      'cNum2,数字,2',
      'cNum10,数字,10',
    ]);
    expect(lines[2].split(',')[4]).toBe(iso(NOW - HOUR));
    expect(lines[2].split(',')[8]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('writes a formula-looking text inert, and a computed state as its label', async () => {
    const csv = await ctx.call('GET', `${CONSTANTS}/export?type=string`, { token: ctx.adminToken });
    expect(csv.body).toContain("cStr,String,'=1+1");
    const windows = await ctx.call('GET', `${WINDOWS}/export?sort=startAt`, { token: ctx.adminToken });
    const rows = windows.body.slice(1).trimEnd().split('\r\n');
    expect(rows[0].split(',').slice(0, 4)).toEqual(['Name', 'State', 'Starts at (UTC)', 'Ends at (UTC)']);
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 2).join(','))).toEqual([
      'past,Ended',
      'running,Ended',
      'later,Scheduled',
    ]);
  });

  it('pages by keyset over the whole filtered set, ties and all, a batch at a time', async () => {
    for (let i = 0; i < 7; i += 1)
      expect((await call('POST', CONSTANTS, { name: `tie${i}`, type: 'boolean', value: i % 2 === 0 })).status).toBe(
        200,
      );
    const read = async (sort: string, order: 'asc' | 'desc') => {
      const stream = exportCsv(
        ctx.database.db,
        (await import('@rookery/contracts')).constantResource as never,
        { sort, order },
        { now: new Date(NOW), locale: 'en-US', computed: {}, batch: 2 },
      );
      let text = '';
      for await (const chunk of stream) text += chunk;
      return text
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0]);
    };
    const byType = await read('type', 'asc');
    const all = names(await call('GET', `${CONSTANTS}?sort=type&order=asc&pageSize=100`));
    expect(byType).toEqual(all);
    expect(byType).toHaveLength(12);
    expect(await read('updatedAt', 'desc')).toEqual(
      names(await call('GET', `${CONSTANTS}?sort=updatedAt&order=desc&pageSize=100`)),
    );
  });

  it('asks for the list query permission and validates the query', async () => {
    expect((await ctx.call('GET', `${CONSTANTS}/export`, {})).statusCode).toBe(401);
    const bad = await ctx.call('GET', `${CONSTANTS}/export?type=nope`, { token: ctx.adminToken });
    expect(bad.statusCode).toBe(400);
    expect(maintenanceWindowResource.list?.export).toContain('state');
  });
});
