import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScratchPostgres } from '../../test/scratch-postgres.js';
import { openDatabase } from '../db/client.js';

/**
 * No secret leaves the server by a side door. The real server runs as a child process with the
 * most verbose log level; a scripted session uses a staff password, a session token, a captcha
 * code and the game key (and their wrong variants); then the captured log, every error body,
 * `/metrics`, and the audit and access-log tables are searched for each secret.
 */
const serverDir = path.resolve(import.meta.dirname, '../../..');
const ADMIN_PASSWORD = 'secret-admin-Pass-4821';
const GAME_KEY = 'secret-game-key-7f3a9c21d4e8';

let child: ChildProcess;
let base = '';
let log = '';
let dataDir: string | undefined;
let scratch: { url: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  const pgBase = process.env.TEST_DATABASE_URL;
  scratch = pgBase ? await createScratchPostgres(pgBase, 'rookery_secrets') : undefined;
  dataDir = scratch ? undefined : mkdtempSync(path.join(tmpdir(), 'rookery-secrets-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'trace',
      ROOKERY_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ROOKERY_GAME_KEY: GAME_KEY,
      ROOKERY_WEB_DIST: '/nonexistent',
      ROOKERY_AUTH_RATE_LIMIT: '100000',
      ...(scratch ? { DATABASE_URL: scratch.url } : { ROOKERY_DATA_DIR: dataDir }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const onOutput = (chunk: Buffer) => {
    log += chunk.toString('utf8');
  };
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  base = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening on (http:\/\/\S+)/.exec(log);
      if (m) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${log}`));
    });
  });
}, 240_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  text: string;
}

it('no password, session token, captcha code or game key appears in the log, audit, error bodies or metrics', async () => {
  const answers: { name: string; answer: Answer; mayHold?: string[] }[] = [];
  const call = async (
    name: string,
    method: string,
    url: string,
    opts: { token?: string; gameKey?: string; body?: unknown; mayHold?: string[] } = {},
  ) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.gameKey ? { 'x-game-key': opts.gameKey } : {}),
        'accept-language': 'en-US',
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    const answer = { status: res.status, text: await res.text() };
    answers.push({ name, answer, mayHold: opts.mayHold });
    return answer;
  };
  const json = (a: Answer) => JSON.parse(a.text).data;

  // Staff passwords and sessions.
  const wrongAdminPassword = 'secret-wrong-Pass-1177';
  expect(
    (
      await call('wrong sign-in', 'POST', '/api/v1/login', {
        body: { username: 'admin', password: wrongAdminPassword },
      })
    ).status,
  ).toBe(400);
  const signIn = await call('sign-in', 'POST', '/api/v1/login', {
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  expect(signIn.status).toBe(200);
  const token: string = json(signIn).token;
  answers[answers.length - 1].mayHold = [token];
  expect((await call('session', 'GET', '/api/v1/session', { token })).status).toBe(200);
  expect((await call('bad token', 'GET', '/api/v1/session', { token: `${token.slice(0, -4)}zzzz` })).status).toBe(401);

  const staffPassword = 'secret-staff-Pass-3390';
  const created = await call('create user', 'POST', '/api/v1/user', {
    token,
    body: { username: 'leak_probe', pwd: staffPassword, role: 'tester', email: 'leak-probe@example.com' },
  });
  expect(created.status).toBe(200);
  const resetPassword = 'secret-reset-Pass-5512';
  expect(
    (await call('reset', 'PUT', `/api/v1/user/${json(created).id}`, { token, body: { pwd: resetPassword } })).status,
  ).toBe(200);
  const staffSignIn = await call('staff sign-in', 'POST', '/api/v1/login', {
    body: { username: 'leak_probe', password: resetPassword },
  });
  const staffToken: string = json(staffSignIn).token;
  answers[answers.length - 1].mayHold = [staffToken];
  const newStaffPassword = 'secret-changed-Pass-8841';
  expect(
    (
      await call('change password', 'PUT', '/api/v1/password', {
        token: staffToken,
        body: { oldPassword: resetPassword, newPassword: newStaffPassword },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call('wrong old password', 'PUT', '/api/v1/password', {
        token: staffToken,
        body: { oldPassword: 'secret-notold-Pass-1', newPassword: 'secret-other-Pass-9' },
      })
    ).status,
  ).toBe(400);

  // Registration with a captcha code.
  const mail = 'leak-probe-reg@example.com';
  expect((await call('captcha', 'POST', '/api/v1/captcha', { body: { mail } })).status).toBe(200);
  const outbox = await call('outbox', 'GET', `/api/v1/devtool/mail-outbox?to=${encodeURIComponent(mail)}`, { token });
  const code = /\b(\d{6})\b/.exec(json(outbox).list[0].body)![1];
  answers[answers.length - 1].mayHold = [code]; // the outbox shows the mail itself, on purpose
  const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const registrantPassword = 'secret-register-Pass-2203';
  expect(
    (
      await call('wrong captcha', 'POST', '/api/register', {
        body: { mail, password: registrantPassword, mobile: '13800138000', captcha: wrongCode },
      })
    ).status,
  ).toBe(400);
  const registered = await call('register', 'POST', '/api/register', {
    body: { mail, password: registrantPassword, mobile: '13800138000', captcha: code },
  });
  expect(registered.status).toBe(200);
  answers[answers.length - 1].mayHold = [json(registered).token];

  // The game key, right and wrong.
  const gameLogin = {
    deviceId: 'leak-probe-device',
    deviceModel: 'Pixel 8',
    os: 'android',
    appVersion: '1.0.0',
    language: 'en',
    country: 'US',
  };
  expect(
    (await call('game login', 'POST', '/api/game/v1/players/login', { gameKey: GAME_KEY, body: gameLogin })).status,
  ).toBe(200);
  expect(
    (await call('wrong game key', 'POST', '/api/game/v1/players/login', { gameKey: `${GAME_KEY}x`, body: gameLogin }))
      .status,
  ).toBe(401);
  expect((await call('logout', 'POST', '/api/v1/logout', { token: staffToken })).status).toBe(200);

  const metrics = await (await fetch(`${base}/metrics`)).text();
  expect(metrics).toContain('http_request');

  // Stop the server (flushing its access log), then read what it stored.
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const database = await openDatabase({
    databaseUrl: scratch?.url,
    dataDir: scratch ? undefined : path.join(dataDir!, 'pg'),
  });
  const dump = async (table: string) =>
    JSON.stringify(
      ((await database.db.execute(sql.raw(`select * from ${table}`))) as unknown as { rows: unknown[] }).rows,
    );
  const audit = await dump('audit_log');
  const accessLog = await dump('access_log');
  await database.close();
  expect(audit).toContain('createStaffUser');
  // The log really holds the requests (trace level logs each one), so its silence means something.
  expect(log).toContain('/api/v1/login');

  const secrets: Record<string, string> = {
    'admin password': ADMIN_PASSWORD,
    'wrong password': wrongAdminPassword,
    'staff password': staffPassword,
    'reset password': resetPassword,
    'changed password': newStaffPassword,
    'registrant password': registrantPassword,
    'admin session token': token,
    'staff session token': staffToken,
    'registrant session token': json(registered).token,
    'captcha code': code,
    'wrong captcha code': wrongCode,
    'game key': GAME_KEY,
  };
  const places: Record<string, string> = {
    'server log': log,
    'audit table': audit,
    'access log table': accessLog,
    '/metrics': metrics,
  };
  const hits: string[] = [];
  // A 6-digit code counts only as a number of its own, not as digits inside a timestamp.
  const holds = (text: string, secret: string) =>
    /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(text) : text.includes(secret);
  for (const [secretName, secret] of Object.entries(secrets)) {
    for (const [place, text] of Object.entries(places)) if (holds(text, secret)) hits.push(`${secretName} in ${place}`);
    for (const { name, answer, mayHold } of answers) {
      if (mayHold?.includes(secret)) continue;
      if (holds(answer.text, secret)) hits.push(`${secretName} in the ${answer.status} answer to ${name}`);
    }
  }
  expect(hits).toEqual([]);
}, 180_000);
