import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { LogWriter } from './writer.js';

/**
 * What the game and the public send to the log is untrusted: a value PostgreSQL cannot store must
 * not stop the log, and no secret of a well-known shape may be stored, whichever door it came in.
 */

let ctx: TestContext;
let otherStaffToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  otherStaffToken = (await ctx.userWithRole('tester')).token;
});
afterAll(() => ctx?.close());

type Door = 'game' | 'console' | 'public';
const doors: Door[] = ['game', 'console', 'public'];

/** Send a batch as raw JSON text (so lone surrogates travel as the `\ud800` escapes a client would send). */
function send(door: Door, entries: unknown[]) {
  const url = { game: '/api/game/v1/logs', console: '/api/v1/logs/frontend', public: '/api/v1/logs/frontend/public' }[
    door
  ];
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en-US',
      ...(door === 'game' ? { 'x-game-key': 'test-game-key-0123456789' } : {}),
      ...(door === 'console' ? { authorization: ctx.adminToken } : {}),
    },
    payload: JSON.stringify({ entries }),
  });
}

async function messagesLike(pattern: string): Promise<{ message: string; meta: Record<string, unknown> | null }[]> {
  await ctx.app.logWriter.flush();
  const r = (await ctx.database.db.execute(
    sql`select message, meta from log_entries where message like ${pattern} order by id`,
  )) as unknown as { rows: { message: string; meta: Record<string, unknown> | null }[] };
  return r.rows;
}

describe('one entry must never stop the log', () => {
  it.each(doors)(
    'a NUL or a lone surrogate in meta at the %s door: cleaned, stored, and the next entries stored too',
    async (door) => {
      const tag = `poison-${door}-${Date.now()}`;
      const poisoned = await send(door, [
        { message: `${tag} a`, meta: { x: '\ud800', 'k\u0000': 'v\u0000', list: ['\udfff', { deep: 'a\u0000b' }] } },
        { message: `${tag} b`, meta: { 'key\ud800': 1 } },
      ]);
      expect(poisoned.statusCode, poisoned.body).toBe(200);
      expect(poisoned.json().data.accepted).toBe(2);
      // A NUL in a text field of its own is refused by position, with the field named.
      const refused = await send(door, [{ message: `${tag} c\u0000` }, { message: `${tag} d`, stack: 'at x\ud800' }]);
      expect(
        refused
          .json()
          .data.rejected.map((r: { index: number; errors: { path: string }[] }) => [r.index, r.errors[0].path]),
      ).toEqual([
        [0, 'message'],
        [1, 'stack'],
      ]);
      const good = await send(door, [{ message: `${tag} good` }]);
      expect(good.json().data.accepted).toBe(1);

      const rows = await messagesLike(`${tag}%`);
      expect(rows.map((r) => r.message)).toEqual([`${tag} a`, `${tag} b`, `${tag} good`]);
      expect(rows[0].meta).toMatchObject({ x: '\ufffd', 'k\ufffd': 'v\ufffd', list: ['\ufffd', { deep: 'a\ufffdb' }] });
      expect(rows[1].meta).toMatchObject({ 'key\ufffd': '[redacted:secret]' });
      expect(ctx.app.logWriter.rejected).toBe(0);
    },
  );

  it('a row the database refuses is dropped and counted, the rest of its batch stored, the log line without values', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const writer = new LogWriter(ctx.database.db, pino({ level: 'warn' }, sink), {
      flushMs: 60_000,
      maxBatch: 100,
      maxBuffered: 1000,
    });
    const tag = `refused-${Date.now()}`;
    const row = (n: number, meta: Record<string, unknown> = {}) => ({
      at: ctx.clock.now(),
      kind: 'client' as const,
      level: 'info' as const,
      message: `${tag} ${n}`,
      meta: { planted: `planted-value-${n}`, ...meta },
    });
    // Past the door, as a writer bug or another caller could: a NUL PostgreSQL refuses in jsonb.
    writer.push(
      Array.from({ length: 9 }, (_, i) =>
        i === 4 ? row(i, { bad: 'x\u0000y' }) : i === 7 ? row(i, { bad: '\ud800' }) : row(i),
      ),
    );
    await writer.flush();
    const stored = await messagesLike(`${tag}%`);
    expect(stored.map((r) => r.message)).toEqual([0, 1, 2, 3, 5, 6, 8].map((n) => `${tag} ${n}`));
    expect(writer.rejected).toBe(2);
    expect(writer.written).toBe(7);
    // Later entries are not held back by the refused ones.
    writer.push([row(9)]);
    await writer.flush();
    expect((await messagesLike(`${tag} 9`)).length).toBe(1);
    await writer.close();
    const log = lines.join('');
    expect(log).toContain('a row the database refused was dropped');
    expect(log).not.toContain('planted-value-');
    expect(log).not.toContain('params');
  });
});

describe('secrets are not stored from client logs', () => {
  it('no planted secret of a well-known shape reaches the database, through any door', async () => {
    let n = 0;
    const planted: string[] = [];
    /** A unique secret value, remembered to be searched for in the dump. */
    const secret = (prefix = 'Sx') => {
      n += 1;
      const value = `${prefix}${n}q7Vw${Date.now().toString(36)}`;
      planted.push(value);
      return value;
    };
    const remember = (value: string) => {
      planted.push(value);
      return value;
    };
    const metaKeys = [
      'pwd',
      'pass',
      'PASSWORD',
      'jwt',
      'email',
      'card',
      'privateKey',
      'accessKey',
      'signature',
      'otp',
      'auth',
      'bearer',
      'API-KEY',
      'Access_Token',
      'x-auth-token',
      'clientSecret',
      'SESSION_ID',
      'apikey',
    ];
    const entriesFor = (door: Door, tag: string) => {
      const meta: Record<string, unknown> = Object.fromEntries(metaKeys.map((k) => [k, secret()]));
      meta.nested = { password: secret(), list: [{ token: secret() }] };
      meta.numericPin = { pin: 4929 };
      meta.url = `https://game.example/reset?ticket=${secret()}&lang=en`;
      const basic = Buffer.from(`player:${secret()}`).toString('base64');
      remember(basic);
      const jwt = remember(
        `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI${secret('QQ')}In0.${secret('sig')}_AbC-dEf`,
      );
      const email = remember(`planted.person.${n}@mailhost.example`);
      const texts = [
        `Authorization: Basic ${basic}`,
        `bare ${jwt} in text`,
        `contact ${email} now`,
        `card ${remember('4111111111111111')} and ${remember('5555 5555 5555 4444')} and ${remember('3782-822463-10005')}`,
        `body {"password":"${secret()}","user":"bob"}`,
        `escaped {\\"pwd\\":\\"${secret()}\\"}`,
        `GET /cb?api_key=${secret()}&key=${secret()}&pwd=${secret()}&code=${secret()}&page=2`,
        `access_token: ${secret()} done`,
        `redirect=%2Fcb%3Ftoken%3D${secret()}%26x%3D1`,
        `twice %253Ftoken%253D${secret()}%2526y%253D2`,
        `db postgres://admin:${secret()}@db.example.com:5432/x`,
        `X-Api-Key: ${secret()}`,
        `someone else's session ${otherStaffToken}`,
      ];
      const entries: Record<string, unknown>[] = texts.map((t, i) => ({
        message: `${tag} ${i} ${t}`,
        level: 'error',
        stack: `Error: ${t}\n    at f (app.js:1:2)`,
        meta,
      }));
      if (door !== 'game') {
        entries.push({
          message: `${tag} request`,
          url: `/players?userId=42&resetCode=${secret()}#access_token=${secret()}`,
          request: { method: 'GET', url: `/api/v1/x?t=${secret()}&q=1`, status: 500 },
        });
      }
      return entries;
    };
    remember(otherStaffToken);
    let sent = 0;
    for (const door of doors) {
      const tag = `planted-${door}-${Date.now()}`;
      const entries = entriesFor(door, tag);
      // The public door takes 20 a batch.
      for (let i = 0; i < entries.length; i += 20) {
        const res = await send(door, entries.slice(i, i + 20));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.rejected).toEqual([]);
      }
      sent += entries.length;
      expect((await messagesLike(`${tag}%`)).length).toBe(entries.length);
    }
    await ctx.app.logWriter.flush();
    expect(sent).toBeGreaterThan(40);

    // The whole database, every table of every schema, as text.
    const tables = (await ctx.database.db.execute(
      sql`select table_schema as s, table_name as t from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    )) as unknown as { rows: { s: string; t: string }[] };
    expect(tables.rows.some((r) => r.t === 'incidents')).toBe(true);
    let dump = '';
    for (const { s, t } of tables.rows) {
      const rows = (await ctx.database.db.execute(
        sql`select x::text as row from ${sql.identifier(s)}.${sql.identifier(t)} x`,
      )) as unknown as { rows: { row: string }[] };
      dump += rows.rows.map((r) => r.row).join('\n');
    }
    expect(dump).toContain('[redacted:');
    const found = planted.filter((value) => dump.includes(value) || dump.includes(JSON.stringify(value).slice(1, -1)));
    expect(found).toEqual([]);
    // Digits of a spaced or dashed card number stored run together would be found too.
    expect(dump.replace(/[ -]/g, '')).not.toContain('5555555555554444');
  });
});
