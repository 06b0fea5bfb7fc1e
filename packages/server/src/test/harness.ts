import { randomBytes } from 'node:crypto';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import type { Module } from '../module.js';
import { seedAdmin, seedBuiltInRoles } from '../modules/staff/seed.js';
import { ServiceClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { type Database, openDatabase } from '../platform/db/client.js';
import { sha256 } from '../platform/security/tokens.js';
import { schema } from '../schema.js';
import { createScratchPostgres } from './scratch-postgres.js';

export const ADMIN_PASSWORD = 'admin-pass-123';
export const GAME_KEY = 'test-game-key-0123456789';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The scratch PostgreSQL database (undefined on PGlite). */
  databaseUrl?: string;
  adminToken: string;
  /** The app's service clock: `clock.set(at)` stops it at a time, `clock.set(null)` lets it run. */
  clock: ServiceClock;
  /** Sign in and return the token. */
  login(username: string, password: string): Promise<string>;
  /** A fresh staff user holding `role`; returns its token. */
  userWithRole(role: string): Promise<{ token: string; username: string; password: string; id: number }>;
  /** A new role `roleName` holding `permissions` (anything but 200 throws), and a fresh user holding it. */
  userWithPermissions(
    roleName: string,
    permissions: string[],
  ): Promise<{ token: string; username: string; password: string; id: number }>;
  /** Call the console API; `token` goes into Authorization. */
  call(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; locale?: string },
  ): Promise<LightMyRequestResponse>;
  /** Call the console API as the admin. */
  admin(method: string, url: string, body?: unknown, locale?: string): Promise<LightMyRequestResponse>;
  /** Call the console API as the admin, expecting 200: the answer's `data` (anything else throws, with the body). */
  adminOk(method: string, url: string, body?: unknown): Promise<any>;
  /** Call the game API with the game key; a body goes as JSON. */
  game(
    method: string,
    url: string,
    opts?: { body?: unknown; locale?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /**
   * A cached game read (`If-None-Match` when `etag` is given): status, ETag and the answer's
   * `data` (200 only). `app`: another instance on this database.
   */
  gameRead(url: string, etag?: string, app?: FastifyInstance): Promise<{ status: number; etag: string; data: any }>;
  /** Each table's row count and a hash of its rows: equal fingerprints mean nothing changed. */
  fingerprint(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: embedded PGlite in memory by default, a new PostgreSQL
 * database when TEST_DATABASE_URL is set (CI).
 */
export async function createTestContext(
  overrides: {
    authRateLimit?: number /** Another app on this context's database (a second instance). */;
    shareDatabaseOf?: TestContext;
    /** Modules registered after the areas' own (a test resource on the kit). */
    modules?: Module[];
    /** Settings besides the defaults (a Redis URL and a per-test prefix). */
    config?: Partial<import('../platform/config.js').Config>;
    /** Job runner settings (short heartbeats and sweeps; `work: false` only enqueues). */
    jobs?: import('../platform/jobs/index.js').JobQueueOptions;
  } = {},
): Promise<TestContext> {
  const base = process.env.TEST_DATABASE_URL;
  const shared = overrides.shareDatabaseOf;
  if (shared && shared.database.kind !== 'postgres') throw new Error('a second instance needs TEST_DATABASE_URL');
  const scratch = base && !shared ? await createScratchPostgres(base, 'rookery_t') : undefined;
  const databaseUrl = shared ? shared.databaseUrl : scratch?.url;
  const database = await openDatabase({ databaseUrl, poolSize: 5 });
  await seedBuiltInRoles(database.db, new Date());
  await seedAdmin(database.db, new Date(), ADMIN_PASSWORD);
  const config = {
    ...loadConfig({}),
    logLevel: 'silent' as const,
    authRateLimit: overrides.authRateLimit ?? 100_000,
    webDist: '/nonexistent',
    ...overrides.config,
  };
  const clock = new ServiceClock();
  const app = await buildApp({
    config,
    database,
    gameKeyHash: sha256(GAME_KEY),
    clock,
    extraModules: overrides.modules,
    jobs: overrides.jobs,
  });
  await app.ready();

  const call: TestContext['call'] = (method, url, opts = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(opts.token ? { authorization: opts.token } : {}),
        ...(typeof opts.body === 'string' ? { 'content-type': 'application/json' } : {}),
        'accept-language': opts.locale ?? 'en-US',
      },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });

  const game: TestContext['game'] = (method, url, opts = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: {
        'x-game-key': GAME_KEY,
        'accept-language': opts.locale ?? 'en-US',
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    });
  const gameRead: TestContext['gameRead'] = async (url, etag, on = app) => {
    const res = await on.inject({
      method: 'GET',
      url,
      headers: { 'x-game-key': GAME_KEY, ...(etag ? { 'if-none-match': etag } : {}) },
    });
    return {
      status: res.statusCode,
      etag: res.headers.etag as string,
      data: res.statusCode === 200 ? res.json().data : undefined,
    };
  };

  const login = async (username: string, password: string) => {
    const res = await call('POST', '/api/v1/login', { body: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.body}`);
    return res.json().data.token as string;
  };
  const adminToken = await login('admin', ADMIN_PASSWORD);
  const admin: TestContext['admin'] = (method, url, body, locale = 'en-US') =>
    call(method, url, { token: adminToken, body, locale });
  const adminOk: TestContext['adminOk'] = async (method, url, body) => {
    const res = await admin(method, url, body);
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  let n = 0;
  const userWithRole: TestContext['userWithRole'] = async (role) => {
    n += 1;
    const username = `${role}_${n}_${randomBytes(3).toString('hex')}`;
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const res = await call('POST', '/api/v1/user', {
      token: adminToken,
      body: { username, pwd: password, role, email: `${username}@example.com` },
    });
    if (res.statusCode !== 200) throw new Error(`create user failed: ${res.body}`);
    return { token: await login(username, password), username, password, id: res.json().data.id };
  };

  return {
    app,
    database,
    game,
    gameRead,
    databaseUrl,
    clock,
    adminToken,
    admin,
    adminOk,
    login,
    call,
    userWithRole,
    async userWithPermissions(roleName, permissions) {
      await adminOk('POST', '/api/v1/role', { roleName, content: permissions });
      return userWithRole(roleName);
    },
    async fingerprint() {
      await app.flushAccessLog();
      const out: Record<string, string> = {};
      for (const table of Object.values(schema)) {
        if (!is(table, PgTable)) continue;
        const name = getTableName(table);
        if (name === 'access_log' || name === 'staff_sessions') continue;
        // Logs are written by every kind of request (reads included): they are not the data a call changes.
        if (name === 'log_entries') continue;
        // Each instance's performance report, written by its timer every few seconds.
        if (name === 'server_metrics') continue;
        // Each instance's heartbeat and its job runs, written by the job runner, not by a request.
        if (name === 'instances' || name === 'job_runs') continue;
        // The dashboard rollup's progress and its aggregates, written by its timer every half minute
        // from logins made earlier, never by the request under test.
        if (name.startsWith('activity_')) continue;
        // Each board's current period, recorded by the leaderboards' scheduled period check when it
        // first sees a board (one an earlier test made), never by the request under test.
        if (name === 'leaderboard_periods') continue;
        // The rows themselves, not their number: an update that slipped through shows too.
        const r = (await database.db.execute(
          sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`,
        )) as unknown as { rows: { n: number; h: string }[] };
        out[name] = `${r.rows[0].n}:${r.rows[0].h}`;
      }
      return out;
    },
    async close() {
      await app.close();
      await database.close();
      // A second instance leaves the database to the context that made it.
      await scratch?.drop();
    },
  };
}
