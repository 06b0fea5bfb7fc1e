import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { seedAdmin, seedBuiltInRoles } from '../../modules/staff/seed.js';
import { ADMIN_PASSWORD, GAME_KEY } from '../../test/harness.js';
import { createScratchPostgres } from '../../test/scratch-postgres.js';
import { loadConfig } from '../config.js';
import { sha256 } from '../security/tokens.js';
import { type Database, openDatabase } from './client.js';

/**
 * Database faults under load, on a real PostgreSQL (TEST_DATABASE_URL): backends terminated by
 * the server, an outage (connections refused and cut), the LISTEN connection lost. Only this
 * test's own scratch database is touched: the shared server is never stopped.
 */
const base = process.env.TEST_DATABASE_URL;
const pgOnly = describe.skipIf(!base);
if (!base) {
  describe('database faults', () => {
    it.skip('need PostgreSQL (TEST_DATABASE_URL): PGlite runs in the process and has no connection to lose', () => {});
  });
}

interface Instance {
  app: FastifyInstance;
  database: Database;
  warnings: string[];
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  // A leaked connection would keep the pool from closing: give up after a while (the test fails).
  const bounded = (cleanup: () => Promise<void>) =>
    Promise.race([cleanup().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
  for (const cleanup of cleanups.splice(0).reverse()) await bounded(cleanup);
});

async function scratchDatabase(): Promise<{ url: string; name: string }> {
  const scratch = await createScratchPostgres(base as string, 'rookery_fault');
  cleanups.push(scratch.drop);
  const seed = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  await seedBuiltInRoles(seed.db, new Date());
  await seedAdmin(seed.db, new Date(), ADMIN_PASSWORD);
  await seed.close();
  return { url: scratch.url, name: new URL(scratch.url).pathname.slice(1) };
}

async function instance(databaseUrl: string): Promise<Instance> {
  const warnings: string[] = [];
  const database = await openDatabase({
    databaseUrl,
    poolSize: 6,
    connectTimeoutMs: 2_000,
    warn: (m) => warnings.push(m),
  });
  const config = { ...loadConfig({}), logLevel: 'silent' as const, authRateLimit: 100_000, webDist: '/nonexistent' };
  const app = await buildApp({ config, database, gameKeyHash: sha256(GAME_KEY) });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, warnings };
}

/** Run one statement on the server's maintenance connection (the base URL's database). */
async function onServer<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** End every connection to this test's own scratch database (what a restart or failover does). */
const terminateBackends = (datname: string) =>
  onServer<{ n: number }>(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
     where datname = $1 and pid <> pg_backend_pid()`,
    [datname],
  );

/** The requests of every kind a game server and an operator make, answers tallied per kind. */
function client(app: FastifyInstance, adminToken: string) {
  let devices = 0;
  const game = (method: string, url: string, body?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { 'x-game-key': GAME_KEY, 'accept-language': 'en-US' },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
  return {
    login: (deviceId = `fault-${process.pid}-${++devices}-${Math.random().toString(36).slice(2, 8)}`) =>
      game('POST', '/api/game/v1/players/login', {
        deviceId,
        deviceModel: 'Pixel 8',
        os: 'android',
        appVersion: '1.0.0',
        language: 'en',
        country: 'US',
      }).then((res) => ({ res, deviceId })),
    mailbox: (userId: number) => game('GET', `/api/game/v1/players/${userId}/mailbox`),
    sendMail: (title = `fault ${Math.random().toString(36).slice(2, 8)}`) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/email',
        headers: { authorization: adminToken, 'accept-language': 'en-US' },
        payload: {
          title: { 'zh-CN': title, 'en-US': title },
          content: { 'zh-CN': '内容', 'en-US': 'Body' },
          mailScope: 'global',
          expireAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      }),
    recallMail: (id: number) =>
      app.inject({ method: 'DELETE', url: `/api/v1/email/${id}`, headers: { authorization: adminToken } }),
  };
}

async function adminToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token;
}

type Kind = 'login' | 'mutation' | 'mailbox';
interface Answer {
  kind: Kind;
  status: number;
  at: number;
  retryAfter?: string;
  msg?: string;
}

/**
 * Keep `workers` loops per kind busy until `stop()`; every answer is recorded. Acknowledged writes
 * (a 200 login creating a player, a 200 mail creation) are kept to check against the rows stored.
 */
function load(app: FastifyInstance, token: string, userId: number, workers = 3) {
  const c = client(app, token);
  const answers: Answer[] = [];
  const players = new Map<string, number>();
  const mails: number[] = [];
  let running = true;
  const record = (kind: Kind, res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    const body = res.json() as { msg?: string };
    answers.push({
      kind,
      status: res.statusCode,
      at: Date.now(),
      retryAfter: res.headers['retry-after'] as string | undefined,
      msg: body.msg,
    });
    return body as { data?: { userId?: number; id?: number } };
  };
  const loop = async (kind: Kind) => {
    while (running) {
      if (kind === 'login') {
        const { res, deviceId } = await c.login();
        const body = record(kind, res);
        if (res.statusCode === 200) players.set(deviceId, body.data?.userId as number);
      } else if (kind === 'mutation') {
        const res = await c.sendMail();
        const body = record(kind, res);
        if (res.statusCode === 200) mails.push(body.data?.id as number);
      } else {
        record(kind, await c.mailbox(userId));
      }
      // Failed requests come back at once: do not spin.
      if (answers.at(-1)?.status !== 200) await new Promise((r) => setTimeout(r, 20));
    }
  };
  const loops = (['login', 'mutation', 'mailbox'] as const).flatMap((kind) =>
    Array.from({ length: kind === 'login' ? workers * 2 : workers }, () => loop(kind)),
  );
  return {
    answers,
    players,
    mails,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const tally = (answers: Answer[]) => {
  const out: Record<string, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
};

/** Poll until every kind of request answers 200; returns the milliseconds it took. */
async function recovered(app: FastifyInstance, token: string, userId: number, since: number): Promise<number> {
  const c = client(app, token);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [login, mutation, mailbox] = await Promise.all([c.login(), c.sendMail(), c.mailbox(userId)]);
    if ([login.res, mutation, mailbox].every((r) => r.statusCode === 200)) return Date.now() - since;
    if (Date.now() > deadline) throw new Error(`not recovered: ${login.res.body} ${mutation.body} ${mailbox.body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every acknowledged write is stored: each 200 login's player (by its device), each 200 mail. */
async function expectNothingLost(database: Database, players: Map<string, number>, mails: number[]) {
  const stored = await database.pool?.query<{ device_id: string; user_id: number }>(
    'select device_id, user_id from player_devices where device_id = any($1)',
    [[...players.keys()]],
  );
  const byDevice = new Map(stored?.rows.map((r) => [r.device_id, Number(r.user_id)]));
  const lostPlayers = [...players].filter(([device, id]) => byDevice.get(device) !== id);
  expect(lostPlayers, 'acknowledged logins without a stored player').toEqual([]);
  const storedMails = await database.pool?.query<{ id: number }>('select id from mails where id = any($1)', [mails]);
  expect(storedMails?.rows.length, 'acknowledged mails stored').toBe(mails.length);
}

/** Once the load stopped, no connection stays checked out: none leaked by a failed transaction. */
async function expectNoLeakedConnections(database: Database) {
  const pool = database.pool as pg.Pool;
  // The server's own background reads (a snapshot refreshed after the listener came back, a job
  // poll) may hold a connection for a moment; a leaked one stays checked out for good.
  await expect
    .poll(() => pool.totalCount - pool.idleCount, { message: 'connections still checked out', timeout: 10_000 })
    .toBe(0);
}

/** Milliseconds from `since` until every kind had answered 200 again. */
function recoveredAfter(answers: Answer[], since: number): number {
  const kinds = ['login', 'mutation', 'mailbox'] as const;
  const firsts = kinds.map((kind) => answers.find((a) => a.kind === kind && a.status === 200 && a.at > since)?.at);
  expect(
    firsts.every((t) => t !== undefined),
    'every kind answered 200 again under load',
  ).toBe(true);
  return Math.max(...(firsts as number[])) - since;
}

/** A TCP proxy to the PostgreSQL server that can refuse and cut every connection, then come back. */
async function tcpProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((downstream) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [downstream, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        downstream.destroy();
        upstream.destroy();
      });
    }
    downstream.pipe(upstream).pipe(downstream);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const proxy = {
    port,
    /** Refuse new connections and cut the open ones. */
    down: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
    up: async () => {
      await listen(port);
    },
  };
  cleanups.push(async () => {
    for (const s of sockets) s.destroy();
    if (server.listening) await new Promise((r) => server.close(r));
  });
  return proxy;
}

pgOnly('database faults (PostgreSQL)', () => {
  it('terminating the database backends repeatedly under load never ends the process; it serves again', async () => {
    const db = await scratchDatabase();
    const { app, database, warnings } = await instance(db.url);
    const token = await adminToken(app);
    const c = client(app, token);
    const userId = (await c.login()).res.json().data.userId as number;
    expect((await c.sendMail()).statusCode).toBe(200);

    const running = load(app, token, userId);
    await new Promise((r) => setTimeout(r, 300));
    let terminated = 0;
    for (let i = 0; i < 8; i += 1) {
      terminated += (await terminateBackends(db.name))[0].n;
      await new Promise((r) => setTimeout(r, 250));
    }
    const lastFault = Date.now();
    await new Promise((r) => setTimeout(r, 500));
    await running.stop();
    const recovery = await recovered(app, token, userId, lastFault);

    const counts = tally(running.answers);
    console.info(
      `terminate x8 (${terminated} backends): ${running.answers.length} answers ${JSON.stringify(counts)}; ` +
        `all kinds 200 again ${recovery} ms after the last termination; ${warnings.length} warnings`,
    );
    expect(terminated).toBeGreaterThan(8);
    // Every request got an answer, and never a 500: a lost connection answers 503 with Retry-After.
    expect(Object.keys(counts).sort()).toEqual(expect.arrayContaining(['200']));
    expect(Object.keys(counts).every((s) => s === '200' || s === '503')).toBe(true);
    for (const a of running.answers.filter((x) => x.status === 503)) {
      expect(a.retryAfter).toBeDefined();
      expect(a.msg).toBe('The database cannot be reached for the moment; try again shortly');
    }
    await expectNothingLost(database, running.players, running.mails);
    await expectNoLeakedConnections(database);
    // The LISTEN connection was terminated too, and came back: terminated again while it was
    // reconnecting, its next try waits longer (up to 5 s), so this waits for it rather than a fixed time.
    await expect
      .poll(() => database.changeListener?.reconnects ?? 0, { message: 'change listener reconnects', timeout: 30_000 })
      .toBeGreaterThan(0);
  });

  it('an outage answers 503 with Retry-After, then 200 with no restart and no acknowledged write lost', async () => {
    const db = await scratchDatabase();
    const target = new URL(db.url);
    const proxy = await tcpProxy(target);
    const viaProxy = new URL(db.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const { app, database } = await instance(viaProxy.toString());
    const token = await adminToken(app);
    const c = client(app, token);
    const userId = (await c.login()).res.json().data.userId as number;
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);

    const running = load(app, token, userId);
    await new Promise((r) => setTimeout(r, 1000));
    const downAt = Date.now();
    await proxy.down();
    await new Promise((r) => setTimeout(r, 800));
    const health = await app.inject({ url: '/healthz' });
    const ready = await app.inject({ url: '/readyz', headers: { 'accept-language': 'zh-CN' } });
    await new Promise((r) => setTimeout(r, 1200));
    const upAt = Date.now();
    await proxy.up();
    await new Promise((r) => setTimeout(r, 1500));
    await running.stop();
    await recovered(app, token, userId, upAt);

    const during = running.answers.filter((a) => a.at > downAt + 100 && a.at < upAt);
    const underLoad = recoveredAfter(running.answers, upAt);
    const after = running.answers.filter((a) => a.at > upAt + underLoad);
    console.info(
      `outage 2 s: ${running.answers.length} answers ${JSON.stringify(tally(running.answers))}; during the outage ` +
        `${JSON.stringify(tally(during))}; after recovery ${JSON.stringify(tally(after))}; every kind 200 again ` +
        `${underLoad} ms after the database came back; ` +
        `acknowledged: ${running.players.size} logins, ${running.mails.length} mails`,
    );
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', databaseReachable: false });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBeDefined();
    expect(ready.json().msg).toBe('数据库暂时无法连接，请稍后重试');

    expect(Object.keys(tally(running.answers)).every((s) => s === '200' || s === '503')).toBe(true);
    for (const kind of ['login', 'mutation', 'mailbox'] as const) {
      const mine = during.filter((a) => a.kind === kind);
      expect(mine.length, kind).toBeGreaterThan(0);
      expect(
        mine.every((a) => a.status === 503 && a.retryAfter === '3'),
        kind,
      ).toBe(true);
    }
    expect(underLoad).toBeLessThan(5_000);
    expect(after.every((a) => a.status === 200)).toBe(true);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await expectNothingLost(database, running.players, running.mails);
    await expectNoLeakedConnections(database);
  });

  it('a pool with no free connection within its wait answers 503, then serves again', async () => {
    const db = await scratchDatabase();
    const warnings: string[] = [];
    const database = await openDatabase({
      databaseUrl: db.url,
      poolSize: 1,
      connectTimeoutMs: 300,
      warn: (m) => warnings.push(m),
    });
    const config = { ...loadConfig({}), logLevel: 'silent' as const, webDist: '/nonexistent' };
    const app = await buildApp({ config, database, gameKeyHash: sha256(GAME_KEY) });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    const c = client(app, await adminToken(app));
    const held = await (database.pool as pg.Pool).connect();
    const started = Date.now();
    const [login, mailbox] = await Promise.all([c.login(), c.mailbox(1)]);
    for (const res of [login.res, mailbox]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('3');
    }
    expect(Date.now() - started).toBeLessThan(3_000);
    held.release();
    expect((await c.login()).res.statusCode).toBe(200);
  });

  it('a lost LISTEN connection comes back: another instance serves a mail change within seconds', async () => {
    const db = await scratchDatabase();
    const a = await instance(db.url);
    const b = await instance(db.url);
    const token = await adminToken(a.app);
    const onA = client(a.app, token);
    const onB = client(b.app, token);
    const userId = (await onA.login()).res.json().data.userId as number;
    const mailIds = async () => {
      const res = await onB.mailbox(userId);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.list as { id: number }[]).map((m) => m.id);
    };
    const sent = await onA.sendMail();
    expect(sent.statusCode, sent.body).toBe(200);
    const mailId = sent.json().data.id as number;
    await expect.poll(mailIds, { timeout: 15_000 }).toContain(mailId);

    const pid = b.database.changeListener?.backendPid;
    expect(pid).toBeDefined();
    const [{ n }] = await onServer<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where pid = $1 and datname = $2`,
      [pid, db.name],
    );
    expect(n).toBe(1);
    // The recall's notice is sent while B's listener is down: B learns of it by reconnecting.
    const recalled = await onA.recallMail(mailId);
    expect(recalled.statusCode, recalled.body).toBe(200);
    const t0 = Date.now();
    await expect.poll(mailIds, { timeout: 15_000, interval: 50 }).not.toContain(mailId);
    console.info(`instance B dropped the recalled mail ${Date.now() - t0} ms after the recall`);
    expect(b.database.changeListener?.reconnects).toBe(1);
    expect(b.database.changeListener?.backendPid).not.toBe(pid);

    // And notices flow on the new connection.
    const next = await onA.sendMail();
    await expect.poll(mailIds, { timeout: 15_000, interval: 50 }).toContain(next.json().data.id);
  });
});
