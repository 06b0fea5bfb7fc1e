import { DAY_MS } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayPartitionsOf, dayStart, ensureDayPartitions } from '../../platform/db/partitions.js';
import { ACCESS_LOG_DAYS, pruneAccessLog } from '../../platform/http/access-log.js';
import { createTestContext, GAME_KEY, type TestContext } from '../../test/harness.js';
import { dayPartitions, dropExpiredPartitions, ensurePartitions, LOG_RETENTION_DAYS } from './partitions.js';
import { redacted } from './sanitize.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    modules: [
      ({ app }) => {
        // A handler that fails as a bug would (not an AppError): the server's error log gets it.
        app.get('/api/v1/test-boom', { schema: { hide: true } }, async () => {
          throw new TypeError('boom for the log 12345');
        });
      },
    ],
  });
});
afterAll(() => ctx?.close());

const game = (body: unknown, key = GAME_KEY) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/game/v1/logs',
    headers: { 'x-game-key': key, 'accept-language': 'en-US', 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

type Stored = {
  kind: string;
  level: string;
  message: string;
  user_id: string | null;
  app_version: string | null;
  meta: Record<string, unknown> | null;
  stack: string | null;
  url: string | null;
  request_id: string | null;
};
async function stored(where = sql`true`): Promise<Stored[]> {
  await ctx.app.logWriter.flush();
  const r = (await ctx.database.db.execute(sql`select * from log_entries where ${where} order by id`)) as unknown as {
    rows: Stored[];
  };
  return r.rows;
}

const windowOf = (hours = 1) => {
  const now = ctx.clock.now().getTime();
  return `start=${new Date(now - hours * 3_600_000).toISOString()}&end=${new Date(now + 60_000).toISOString()}`;
};

describe('game client logs', () => {
  it('keeps the valid entries of a batch and reports the invalid ones by position', async () => {
    const tag = `planted-${Date.now()}`;
    const res = await game({
      entries: [
        {
          message: `${tag} one`,
          type: 'error',
          time: '2026-11-24 10:00:00',
          userId: 41,
          appVersion: '1.2.3',
          os: 'ios',
        },
        { message: '' },
        { level: 'loud', message: `${tag} bad level` },
        'not an object',
        { message: `${tag} two`, meta: { screen: 'shop' } },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.accepted).toBe(2);
    expect(data.rejected.map((r: { index: number }) => r.index)).toEqual([1, 2, 3]);
    expect(data.rejected[1].errors[0].path).toBe('level');
    const rows = await stored(sql`message like ${`${tag}%`}`);
    expect(rows.map((r) => [r.kind, r.level, r.message])).toEqual([
      ['client', 'error', `${tag} one`],
      ['client', 'info', `${tag} two`],
    ]);
    expect(Number(rows[0].user_id)).toBe(41);
    expect(rows[0].app_version).toBe('1.2.3');
  });

  it('refuses an oversized or malformed batch whole with a clear answer', async () => {
    const big = await game({ entries: Array.from({ length: 501 }, (_, i) => ({ message: `m${i}` })) });
    expect(big.statusCode).toBe(400);
    expect(big.body).toContain('500');
    expect((await game('{"entries": [')).statusCode).toBe(400);
    expect((await game({ entries: [] })).statusCode).toBe(400);
    expect((await game({ entries: [{ message: 'x' }] }, 'wrong-key')).statusCode).toBe(401);
    const long = await game({
      entries: [{ message: 'x'.repeat(4001) }, { message: 'ok', meta: { blob: 'y'.repeat(9000) } }],
    });
    expect(long.json().data.rejected.map((r: { index: number }) => r.index)).toEqual([0, 1]);
  });
});

describe('console front-end logs', () => {
  it('never stores a cookie or token value: a marker stands for it', async () => {
    const token = ctx.adminToken;
    const tag = `fe-${Date.now()}`;
    const res = await ctx.call('POST', '/api/v1/logs/frontend', {
      token,
      body: {
        entries: [
          {
            message: `${tag} data request exception`,
            type: 'error',
            time: '2026-11-24 10:00:00',
            url: '/log/all-log',
            request: { method: 'GET', url: `/api/v1/logs?x=1`, status: 500 },
            meta: {
              user: { username: 'admin' },
              uuid: 'uuid-cookie-value-123',
              token,
              cookie: `uuid=uuid-cookie-value-123; token=${token}; lang=en`,
              note: `sent with Bearer ${token}`,
            },
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.accepted).toBe(1);
    const rows = await stored(sql`kind = 'frontend' and message like ${`${tag}%`}`);
    expect(rows).toHaveLength(1);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(token);
    expect(text).not.toContain('uuid-cookie-value-123');
    expect(rows[0].meta?.token).toBe(redacted('secret'));
    expect(rows[0].meta?.user).toEqual({ username: 'admin' });
    expect(rows[0].meta?.request).toMatchObject({ status: 500 });
    expect(rows[0].level).toBe('error');
  });

  it('needs a session', async () => {
    const res = await ctx.call('POST', '/api/v1/logs/frontend', { body: { entries: [{ message: 'x' }] } });
    expect(res.statusCode).toBe(401);
  });

  it('takes errors from before sign-in at the public door: small batches, secrets masked, marked', async () => {
    const tag = `pre-${Date.now()}`;
    const res = await ctx.call('POST', '/api/v1/logs/frontend/public', {
      body: {
        entries: [
          {
            message: `${tag} sign-in page failed`,
            type: 'error',
            url: '/login',
            meta: { uuid: 'uuid-before-login-1', cookie: 'uuid=uuid-before-login-1; lang=zh' },
          },
          { message: 42 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.accepted).toBe(1);
    expect(res.json().data.rejected.map((r: { index: number }) => r.index)).toEqual([1]);
    const rows = await stored(sql`kind = 'frontend' and message like ${`${tag}%`}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].meta?.signedIn).toBe(false);
    expect(rows[0].meta?.staff).toBeUndefined();
    expect(JSON.stringify(rows)).not.toContain('uuid-before-login-1');
    const big = await ctx.call('POST', '/api/v1/logs/frontend/public', {
      body: { entries: Array.from({ length: 21 }, (_, i) => ({ message: `${tag}-big ${i}` })) },
      locale: 'zh-CN',
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual([{ field: 'entries', message: '未登录时一批日志最多 20 条' }]);
    expect(await stored(sql`message like ${`${tag}-big%`}`)).toHaveLength(0);
  });
});

describe('server errors', () => {
  it('logs every 5xx with its request ID', async () => {
    const res = await ctx.call('GET', '/api/v1/test-boom', { token: ctx.adminToken });
    expect(res.statusCode).toBe(500);
    const rows = await stored(sql`kind = 'server' and url = '/api/v1/test-boom'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].message).toBe('TypeError: boom for the log 12345');
    expect(rows[0].request_id).toBe(res.json().requestId);
    expect(rows[0].request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0].stack).toContain('logs.test.ts');
    expect(JSON.stringify(rows)).not.toContain(ctx.adminToken);
    // A 4xx is the caller's mistake, not a server error.
    await ctx.call('GET', '/api/v1/logs', { token: ctx.adminToken });
    expect(await stored(sql`kind = 'server' and url = '/api/v1/logs'`)).toHaveLength(0);
  });

  it('logs failures outside any request (what main.ts hooks to the process), secrets scrubbed', async () => {
    const failure = new RangeError(`timer failed: GET /x?token=${ctx.adminToken} with Bearer ${ctx.adminToken}`);
    ctx.app.logProcessFailure('uncaughtException', failure);
    ctx.app.logProcessFailure('unhandledRejection', 'a rejected promise with no error');
    const rows = await stored(sql`kind = 'server' and meta->>'origin' is not null`);
    expect(rows.map((r) => [r.meta?.origin, r.level, r.url])).toEqual([
      ['uncaughtException', 'error', null],
      ['unhandledRejection', 'error', null],
    ]);
    expect(rows[0].message).toMatch(
      /^RangeError: timer failed: GET \/x\?token=\[redacted:secret\] with Bearer \[redacted:credential\]/,
    );
    expect(rows[0].stack).toContain('logs.test.ts');
    expect(rows[1].message).toContain('a rejected promise with no error');
    expect(JSON.stringify(rows)).not.toContain(ctx.adminToken);
  });
});

describe('log queries', () => {
  it('need a start and an end (400 without), at most 31 days', async () => {
    const token = ctx.adminToken;
    expect((await ctx.call('GET', '/api/v1/logs', { token })).statusCode).toBe(400);
    expect((await ctx.call('GET', `/api/v1/logs?start=${new Date().toISOString()}`, { token })).statusCode).toBe(400);
    const now = Date.now();
    const wide = `start=${new Date(now - 40 * DAY_MS).toISOString()}&end=${new Date(now).toISOString()}`;
    const res = await ctx.call('GET', `/api/v1/logs?${wide}`, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('31');
    expect((await ctx.call('GET', `/api/v1/logs/access`, { token })).statusCode).toBe(400);
  });

  it('filters and text search find the planted entries and nothing else', async () => {
    const tag = `needle${Date.now()}`;
    await game({
      entries: [
        { message: `crash in ${tag} shop`, level: 'error', userId: 7, appVersion: '2.0.0', os: 'android' },
        { message: `crash in ${tag} shop`, level: 'warn', userId: 7, appVersion: '2.0.0', os: 'android' },
        { message: `crash in ${tag} shop`, level: 'error', userId: 8, appVersion: '1.9.0', os: 'ios' },
        { message: 'unrelated error', level: 'error', userId: 7, appVersion: '2.0.0', os: 'android' },
      ],
    });
    await ctx.app.logWriter.flush();
    const q = `${windowOf()}&kind=client&level=error&q=${tag}`;
    const res = await ctx.call('GET', `/api/v1/logs?${q}&appVersion=2.0.0`, { token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ userId: 7, level: 'error', appVersion: '2.0.0', os: 'android', kind: 'client' });
    // One entry: counted, not "about 1 (estimated)" (issue 41 item 8).
    expect(total).toEqual({ value: 1, estimate: false });
    const all = await ctx.call('GET', `/api/v1/logs?${windowOf()}&q=${tag}`, { token: ctx.adminToken });
    expect(all.json().data.list).toHaveLength(3);
    const byPlayer = await ctx.call('GET', `/api/v1/logs?${windowOf()}&q=${tag}&userId=8`, { token: ctx.adminToken });
    expect(byPlayer.json().data.list.map((e: { userId: number }) => e.userId)).toEqual([8]);
    // The text is a substring, not a pattern: % and _ match themselves.
    const pct = await ctx.call('GET', `/api/v1/logs?${windowOf()}&q=%25${tag}`, { token: ctx.adminToken });
    expect(pct.json().data.list).toHaveLength(0);
  });

  it('shows each kind only to the permission that reads it', async () => {
    const { token } = await ctx.userWithRole('service');
    const res = await ctx.call('GET', `/api/v1/logs?${windowOf()}&kind=server`, { token });
    expect([403]).toContain(res.statusCode);
  });

  it('pages by key: every entry once, across pages', async () => {
    const tag = `page${Date.now()}`;
    await game({ entries: Array.from({ length: 230 }, (_, i) => ({ message: `${tag} ${i}` })) });
    await ctx.app.logWriter.flush();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/v1/logs?${windowOf()}&q=${tag}&pageSize=50${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await ctx.call('GET', url, { token: ctx.adminToken });
      const data: { list: { message: string }[]; nextCursor: string | null } = res.json().data;
      seen.push(...data.list.map((e) => e.message));
      cursor = data.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(230);
    expect(new Set(seen).size).toBe(230);
  });

  it('lists the access log by key within the window', async () => {
    await ctx.app.flushAccessLog();
    const res = await ctx.call('GET', `/api/v1/logs/access?${windowOf()}&path=/api/v1/logs`, { token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.list.length).toBeGreaterThan(0);
    for (const e of res.json().data.list) expect(e.path).toContain('/api/v1/logs');
  });
});

describe('log statistics', () => {
  it('count by kind and level over time, top messages, errors per app version with players', async () => {
    const tag = `stat${Date.now()}`;
    await game({
      entries: [
        ...[1, 2, 3].map((userId) => ({ message: `${tag} crash`, level: 'error', userId, appVersion: '7.7.7' })),
        { message: `${tag} crash`, level: 'error', userId: 1, appVersion: '7.7.7' },
        { message: `${tag} note`, level: 'info', userId: 1, appVersion: '7.7.7' },
      ],
    });
    await ctx.app.logWriter.flush();
    const res = await ctx.call('GET', `/api/v1/logs/stats?${windowOf()}&kind=client`, { token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.bucketSeconds).toBe(300);
    expect(data.errorsByVersion.find((v: { appVersion: string }) => v.appVersion === '7.7.7')).toEqual({
      appVersion: '7.7.7',
      count: 4,
      players: 3,
    });
    expect(data.topMessages).toContainEqual({ message: `${tag} crash`, kind: 'client', level: 'error', count: 4 });
    const infos = data.series.filter((p: { level: string }) => p.level === 'info');
    expect(infos.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBeGreaterThanOrEqual(1);
    expect((await ctx.call('GET', '/api/v1/logs/stats', { token: ctx.adminToken })).statusCode).toBe(400);
  });
});

describe('partitions', () => {
  it('are made ahead and expire whole by kind', async () => {
    const db = ctx.database.db;
    const now = ctx.clock.now();
    const old = new Date(now.getTime() - 40 * DAY_MS);
    await ensurePartitions(db, now, old);
    const before = await dayPartitions(db);
    const oldClient = before.filter((p) => p.kind === 'client' && p.day.getTime() < now.getTime() - 20 * DAY_MS);
    expect(oldClient.length).toBeGreaterThan(0);
    // An old row in an old day partition, and one in a kept day.
    await db.execute(sql`insert into log_entries (at, kind, level, message) values
      (${new Date(now.getTime() - 20 * DAY_MS).toISOString()}::timestamptz, 'client', 'info', 'old client'),
      (${new Date(now.getTime() - 20 * DAY_MS).toISOString()}::timestamptz, 'server', 'info', 'kept server')`);
    const dropped = await dropExpiredPartitions(db, now);
    expect(dropped.length).toBeGreaterThan(0);
    const after = await dayPartitions(db);
    const oldest = (kind: string) => Math.min(...after.filter((p) => p.kind === kind).map((p) => p.day.getTime()));
    expect(now.getTime() - oldest('client')).toBeLessThanOrEqual((LOG_RETENTION_DAYS.client + 1) * DAY_MS);
    expect(now.getTime() - oldest('server')).toBeGreaterThan(LOG_RETENTION_DAYS.client * DAY_MS);
    const left = await stored(sql`message in ('old client', 'kept server')`);
    expect(left.map((r) => r.message)).toEqual(['kept server']);
    // Today's partitions exist ahead of writes: nothing lands in a default partition.
    const inDefault = (await db.execute(sql`select count(*)::int as n from log_entries_client_default`)) as unknown as {
      rows: { n: number }[];
    };
    expect(inDefault.rows[0].n).toBe(0);
  });

  it('the access log keeps its days the same way: old days dropped whole, a stray old row too', async () => {
    const db = ctx.database.db;
    const now = ctx.clock.now();
    await ctx.app.flushAccessLog();
    const count = async (where: ReturnType<typeof sql>) =>
      Number(
        (
          (await db.execute(sql`select count(*)::int as n from access_log where ${where}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0].n,
      );
    const recent = await count(sql`at > now() - interval '1 day'`);
    expect(recent).toBeGreaterThan(0);
    const days = await dayPartitionsOf(db, { parent: 'access_log', root: 'access_log' });
    expect(days.map((d) => d.day.getTime())).toContain(dayStart(now).getTime());
    // A 40-day-old day (made for the test) and a row in it; a 45-day-old row caught by the default.
    const old = new Date(now.getTime() - 40 * DAY_MS);
    await ensureDayPartitions(db, { parent: 'access_log', root: 'access_log' }, now, old);
    await db.execute(sql`insert into access_log (method, path, status, ms, at) values
      ('GET', '/api/v1/old-day', 200, 1, ${old.toISOString()}::timestamptz)`);
    await db.execute(sql`insert into access_log_default (method, path, status, ms, at) values
      ('GET', '/api/v1/older', 200, 1, ${new Date(now.getTime() - 45 * DAY_MS).toISOString()}::timestamptz)`);
    const dropped = await pruneAccessLog(db, now);
    expect(dropped).toBeGreaterThanOrEqual(9);
    expect(await count(sql`path in ('/api/v1/old-day', '/api/v1/older')`)).toBe(0);
    expect(await count(sql`at > now() - interval '1 day'`)).toBe(recent);
    const left = await dayPartitionsOf(db, { parent: 'access_log', root: 'access_log' });
    expect(Math.min(...left.map((d) => d.day.getTime()))).toBeGreaterThanOrEqual(
      dayStart(now).getTime() - ACCESS_LOG_DAYS * DAY_MS,
    );
  });
});
