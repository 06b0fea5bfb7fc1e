import { createVerify, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FcmSettings } from '../../platform/config.js';
import { loadConfig } from '../../platform/config.js';
import type { JobDefinition } from '../../platform/jobs/index.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { classifyFcmAnswer, FCM_SCOPE, fcmMessage, parseRetryAfter } from './fcm.js';
import { claimDue, forwardDueSends, MAX_ATTEMPTS, retryDelayMs } from './forward.js';

/**
 * The FCM provider (issue 44 item 4) through the real push flow: devices registered through the
 * game API, a send made through the console API, the delivery and forward jobs run by the job
 * runner at the service clock. A local server plays Google: the OAuth token endpoint (it checks
 * the JWT bearer grant's RS256 signature with the public key of the test's key pair, and its
 * `iss`, `scope`, `aud`) and FCM HTTP v1 (it checks the bearer token it issued, the project in the
 * path and the v1 message's shape), answering `UNREGISTERED`, an invalid token, 429 with
 * Retry-After, 503, or accepting. Nothing of the key or the tokens may end up in the database.
 */

const PROJECT = 'rookery-test';
const CLIENT_EMAIL = 'push@rookery-test.iam.gserviceaccount.com';
const T0 = new Date('2026-06-01T10:00:00Z');

const fcmError = (code: number, status: string, errorCode?: string, extra: Record<string, unknown>[] = []) => ({
  error: {
    code,
    message: status === 'NOT_FOUND' ? 'Requested entity was not found.' : `${status}`,
    status,
    details: [
      ...(errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : []),
      ...extra,
    ],
  },
});

/** The local Google: token endpoint and FCM. */
async function startGoogle(publicKey: KeyObject) {
  const state = {
    url: '',
    tokensIssued: [] as string[],
    assertions: [] as string[],
    revoked: new Set<string>(),
    refuseGrants: false,
    /** Revoke the token in use once this many messages were accepted (a token that stops working). */
    revokeAfterAccepted: 0,
    unregistered: new Set<string>(),
    invalid: new Set<string>(),
    throttleOnce: new Set<string>(),
    unavailableOnce: new Set<string>(),
    alwaysUnavailable: new Set<string>(),
    /** Per registration token: requests, accepted messages, answers given. */
    requests: new Map<string, number>(),
    accepted: new Map<string, number>(),
    answers: [] as { token: string; status: number }[],
    unauthorized: 0,
    /** What a request did wrong (the protocol as FCM checks it); the tests expect none. */
    problems: [] as string[],
    acceptedTotal: 0,
    bodies: [] as Record<string, unknown>[],
    /** Message requests being answered now, the most at once, and how long each answer takes. */
    inFlight: 0,
    maxInFlight: 0,
    answerDelayMs: 0,
  };
  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const isStringMap = (v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');
  /** The v1 `messages:send` body: `{message: {token, notification, data, android?, apns?}}` and nothing else. */
  const shapeProblems = (body: unknown): string[] => {
    const out: string[] = [];
    if (typeof body !== 'object' || body === null) return ['body is not a JSON object'];
    const keys = Object.keys(body);
    if (keys.length !== 1 || keys[0] !== 'message') out.push(`top-level keys ${keys.join(',')}`);
    const m = (body as { message?: Record<string, unknown> }).message;
    if (typeof m !== 'object' || m === null) return [...out, 'no message'];
    for (const k of Object.keys(m))
      if (!['token', 'notification', 'data', 'android', 'apns'].includes(k)) out.push(`message.${k}`);
    if (typeof m.token !== 'string' || m.token === '') out.push('message.token');
    const n = m.notification as Record<string, unknown> | undefined;
    if (typeof n !== 'object' || n === null) out.push('message.notification');
    else {
      for (const k of Object.keys(n)) if (!['title', 'body', 'image'].includes(k)) out.push(`notification.${k}`);
      if (typeof n.title !== 'string' || typeof n.body !== 'string') out.push('notification title/body');
    }
    if (m.data !== undefined && !isStringMap(m.data)) out.push('message.data is not a map of strings');
    for (const k of ['android', 'apns'])
      if (m[k] !== undefined && (typeof m[k] !== 'object' || m[k] === null)) out.push(`message.${k}`);
    return out;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://local');
      // OAuth 2.0 token endpoint: the JWT bearer grant (RFC 7523) signed RS256 by the service account.
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(raw);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
          return json(res, 400, { error: 'unsupported_grant_type' });
        const assertion = form.get('assertion') ?? '';
        state.assertions.push(assertion);
        const [h, p, s] = assertion.split('.');
        const header = h ? JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) : {};
        const signed =
          header.alg === 'RS256' &&
          p !== undefined &&
          s !== undefined &&
          createVerify('RSA-SHA256').update(`${h}.${p}`).verify(publicKey, Buffer.from(s, 'base64url'));
        const claims = signed ? JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) : null;
        const nowS = Date.now() / 1000;
        const valid =
          claims &&
          claims.iss === CLIENT_EMAIL &&
          claims.scope === FCM_SCOPE &&
          claims.aud === `${state.url}/token` &&
          typeof claims.iat === 'number' &&
          typeof claims.exp === 'number' &&
          Math.abs(claims.iat - nowS) < 300 &&
          claims.exp > nowS &&
          claims.exp - claims.iat <= 3600;
        if (!valid) state.problems.push(`token grant refused: ${JSON.stringify(claims)}`);
        if (!valid || state.refuseGrants)
          return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        const token = `ya29.fcm-${randomUUID()}`;
        state.tokensIssued.push(token);
        return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
      if (req.method !== 'POST' || !send) {
        state.problems.push(`${req.method} ${url.pathname}`);
        return json(res, 404, fcmError(404, 'NOT_FOUND'));
      }
      if (send[1] !== PROJECT) state.problems.push(`project ${send[1]}`);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !state.tokensIssued.includes(bearer) || state.revoked.has(bearer)) {
        state.unauthorized += 1;
        return json(res, 401, fcmError(401, 'UNAUTHENTICATED'));
      }
      if (!String(req.headers['content-type']).startsWith('application/json'))
        state.problems.push(`content-type ${req.headers['content-type']}`);
      let body: { message?: { token?: string } };
      try {
        body = JSON.parse(raw);
      } catch {
        state.problems.push('body is not JSON');
        return json(res, 400, fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT'));
      }
      const problems = shapeProblems(body);
      if (problems.length > 0) {
        state.problems.push(...problems);
        return json(res, 400, fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT'));
      }
      state.bodies.push(body as Record<string, unknown>);
      const token = body.message!.token!;
      state.requests.set(token, (state.requests.get(token) ?? 0) + 1);
      state.inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        state.answers.push({ token, status });
        setTimeout(() => {
          state.inFlight -= 1;
          json(res, status, payload, headers);
        }, state.answerDelayMs);
      };
      if (state.unregistered.has(token)) return answer(404, fcmError(404, 'NOT_FOUND', 'UNREGISTERED'));
      if (state.invalid.has(token))
        return answer(
          400,
          fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', [
            {
              '@type': 'type.googleapis.com/google.rpc.BadRequest',
              fieldViolations: [{ field: 'message.token', description: 'Invalid registration token' }],
            },
          ]),
        );
      if (state.throttleOnce.delete(token))
        return answer(429, fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED'), { 'retry-after': '1' });
      if (state.unavailableOnce.delete(token) || state.alwaysUnavailable.has(token))
        return answer(503, fcmError(503, 'UNAVAILABLE', 'UNAVAILABLE'));
      state.accepted.set(token, (state.accepted.get(token) ?? 0) + 1);
      state.acceptedTotal += 1;
      if (state.revokeAfterAccepted > 0 && state.acceptedTotal === state.revokeAfterAccepted) state.revoked.add(bearer);
      return answer(200, { name: `projects/${PROJECT}/messages/${state.acceptedTotal}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
let google: Awaited<ReturnType<typeof startGoogle>>;
let ctx: TestContext;

beforeAll(async () => {
  google = await startGoogle(keys.publicKey);
  const fcm: FcmSettings = {
    projectId: PROJECT,
    clientEmail: CLIENT_EMAIL,
    privateKey: privatePem,
    tokenUri: `${google.state.url}/token`,
    endpoint: google.state.url,
  };
  ctx = await createTestContext({ config: { push: { provider: 'fcm', fcm } } });
  ctx.clock.set(T0);
});
afterAll(async () => {
  await ctx?.close();
  await google?.close();
});

const rowsOf = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

let n = 0;
/**
 * A player from the game's login with one device: Android (an FCM token) or iOS (its raw APNs
 * token, or the FCM token a game built with the Firebase SDK registers).
 */
async function device(platform: 'android' | 'ios' = 'android', iosToken: 'apns' | 'fcm' = 'apns') {
  n += 1;
  const login = await ctx.game('POST', '/api/game/v1/players/login', {
    body: {
      deviceId: `fcm-device-${n}`,
      deviceModel: platform === 'ios' ? 'iPhone 15' : 'Pixel 8',
      os: platform,
      appVersion: '1.0.0',
      language: 'en-US',
      country: 'US',
    },
  });
  expect(login.statusCode, login.body).toBe(200);
  const userId = login.json().data.userId as number;
  const token =
    platform === 'ios' && iosToken === 'apns'
      ? randomUUID().replaceAll('-', '').repeat(2)
      : `fcm${n}-${randomUUID()}:APA91b${'x'.repeat(120)}`;
  const res = await ctx.game('PUT', `/api/game/v1/players/${userId}/push-token`, {
    body: { token, platform, language: 'en-US', timezone: 'UTC', appVersion: '1.0.0' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { userId, token };
}

async function sendTo(userIds: number[]) {
  const res = await ctx.admin('POST', '/api/v1/push/sends', {
    name: 'FCM event',
    audience: 'players',
    userIds: userIds.join('\n'),
    content: 'text',
    titleZh: '活动',
    bodyZh: '{nickname}，活动开始了',
    titleEn: 'Event',
    bodyEn: '{nickname}, the event has started',
    timing: 'now',
    ratePerSecond: 10_000,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

interface OutboxRow {
  token: string;
  state: string;
  attempts: number;
  next_attempt_at: string | Date | null;
  error: string | null;
  provider_id: string | null;
}
const outboxOf = async (sendId: number) =>
  new Map(
    (
      await rowsOf<OutboxRow>(
        sql`select token, state, attempts, next_attempt_at, error, provider_id from push_outbox where send_id = ${sendId}`,
      )
    ).map((r) => [r.token, r]),
  );
const sendOf = async (id: number) =>
  (await ctx.adminOk('GET', `/api/v1/push/sends/${id}`)) as {
    state: string;
    targeted: number;
    sent: number;
    failed: number;
    invalidTokens: number;
    error: string | null;
  };
const devicesLeft = async (tokens: string[]) =>
  (await rowsOf<{ token: string }>(sql`select token from push_devices`))
    .map((r) => r.token)
    .filter((t) => tokens.includes(t))
    .sort();
const poll = { timeout: 60_000, interval: 200 };
const ms = (v: string | Date | null) => (v === null ? null : new Date(v).getTime());

/**
 * Every stored text of the database (each table of every schema, pg-boss's jobs and archive, the
 * job runs, the audit log, the logs), and what of the secrets shows in it.
 */
async function secretsStored() {
  const tables = await rowsOf<{ schema: string; name: string }>(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual(
    expect.arrayContaining(['pgboss.job', 'public.audit_log', 'public.job_runs', 'public.push_outbox']),
  );
  const keyBody = privatePem.split('\n').filter((l) => l && !l.startsWith('-----'));
  const secrets = [
    ...keyBody.slice(1, -1).map((line) => ({ what: 'private key', text: line })),
    ...google.state.tokensIssued.map((t) => ({ what: 'access token', text: t })),
    ...google.state.assertions.map((a) => ({ what: 'signed grant', text: a.split('.')[2] ?? a })),
  ];
  expect(secrets.length).toBeGreaterThan(10);
  const found: string[] = [];
  for (const t of tables) {
    const rows = await rowsOf<{ row: string }>(
      sql`select t::text as row from ${sql.identifier(t.schema)}.${sql.identifier(t.name)} t`,
    );
    const text = rows.map((r) => r.row).join('\n');
    for (const s of secrets) if (text.includes(s.text)) found.push(`${s.what} in ${t.schema}.${t.name}`);
  }
  return [...new Set(found)];
}

describe('FCM settings', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-fcm-'));
  const account = { type: 'service_account', project_id: 'p1', client_email: CLIENT_EMAIL, private_key: privatePem };
  const file = path.join(dir, 'account.json');
  fs.writeFileSync(file, JSON.stringify(account));

  it('the outbox by default; FCM from a service-account file or the JSON itself', () => {
    expect(loadConfig({}).push).toEqual({ provider: 'outbox' });
    for (const value of [file, JSON.stringify(account)]) {
      const push = loadConfig({ PUSH_PROVIDER: 'fcm', FCM_SERVICE_ACCOUNT: value }).push;
      expect(push).toEqual({
        provider: 'fcm',
        fcm: {
          projectId: 'p1',
          clientEmail: CLIENT_EMAIL,
          privateKey: privatePem,
          tokenUri: 'https://oauth2.googleapis.com/token',
          endpoint: 'https://fcm.googleapis.com',
        },
      });
    }
  });

  it('refuses to start with FCM and no valid service account, naming the setting and never its content', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ PUSH_PROVIDER: 'fcm', ...env });
      } catch (err) {
        return (err as Error).message;
      }
      return 'started';
    };
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /FCM_SERVICE_ACCOUNT: required with PUSH_PROVIDER=fcm/],
      [{ FCM_SERVICE_ACCOUNT: path.join(dir, 'missing.json') }, /FCM_SERVICE_ACCOUNT: cannot read/],
      [{ FCM_SERVICE_ACCOUNT: `{"private_key": "${keyLine()}", ` }, /FCM_SERVICE_ACCOUNT: not valid JSON/],
      [
        { FCM_SERVICE_ACCOUNT: JSON.stringify({ ...account, project_id: undefined }) },
        /FCM_SERVICE_ACCOUNT: the service account has no project_id/,
      ],
      [
        { FCM_SERVICE_ACCOUNT: JSON.stringify({ ...account, private_key: `x${privatePem.slice(40)}` }) },
        /FCM_SERVICE_ACCOUNT: its private_key is not a PEM private key/,
      ],
      [
        { FCM_SERVICE_ACCOUNT: JSON.stringify({ ...account, type: 'authorized_user' }) },
        /FCM_SERVICE_ACCOUNT: not a service account/,
      ],
      [{ FCM_SERVICE_ACCOUNT: file, FCM_ENDPOINT: 'http://fcm.example.com' }, /FCM_ENDPOINT: must use https/],
      [{ PUSH_PROVIDER: 'apns' }, /\n {2}PUSH_PROVIDER: /],
    ];
    for (const [env, says] of cases) {
      const message = refusal(env);
      expect(message, JSON.stringify(Object.keys(env))).toMatch(says);
      expect(message).toMatch(/^Invalid configuration/);
      expect(message).not.toContain(keyLine());
    }
  });
  const keyLine = () => privatePem.split('\n')[2];
});

describe('FCM answers', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('1', 0)).toBe(1000);
    expect(parseRetryAfter(' 120 ', 0)).toBe(120_000);
    const ref = Date.parse('Mon, 01 Jun 2026 10:00:00 GMT');
    expect(parseRetryAfter('Mon, 01 Jun 2026 10:00:30 GMT', ref)).toBe(30_000);
    expect(parseRetryAfter('Mon, 01 Jun 2026 09:00:00 GMT', ref)).toBe(0);
    expect(parseRetryAfter('soon', ref)).toBeUndefined();
    expect(parseRetryAfter(null, ref)).toBeUndefined();
  });

  it('prunes only for answers about the token; retries 429 and 5xx; a refused account fails', () => {
    expect(classifyFcmAnswer(200, { name: 'projects/p/messages/1' })).toEqual({
      kind: 'sent',
      name: 'projects/p/messages/1',
    });
    expect(classifyFcmAnswer(404, fcmError(404, 'NOT_FOUND', 'UNREGISTERED'))).toEqual({
      kind: 'invalid',
      code: 'UNREGISTERED',
    });
    // A 404 that is not about the token (a wrong project): nobody's device is pruned.
    expect(classifyFcmAnswer(404, fcmError(404, 'NOT_FOUND')).kind).toBe('failed');
    const badField = (field: string) =>
      fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', [
        { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field }] },
      ]);
    expect(classifyFcmAnswer(400, badField('message.token')).kind).toBe('invalid');
    // Our message's fault (an image address FCM refuses): failed, the token kept.
    expect(classifyFcmAnswer(400, badField('message.notification.image'))).toEqual({
      kind: 'failed',
      code: 'INVALID_ARGUMENT',
    });
    expect(classifyFcmAnswer(403, fcmError(403, 'PERMISSION_DENIED', 'SENDER_ID_MISMATCH')).kind).toBe('invalid');
    expect(classifyFcmAnswer(403, fcmError(403, 'PERMISSION_DENIED'))).toEqual({
      kind: 'failed',
      code: 'PERMISSION_DENIED',
      auth: true,
    });
    expect(classifyFcmAnswer(429, fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED'), 1000)).toEqual({
      kind: 'retry',
      code: 'QUOTA_EXCEEDED',
      retryAfterMs: 1000,
    });
    expect(classifyFcmAnswer(503, undefined)).toEqual({ kind: 'retry', code: 'HTTP_503', retryAfterMs: undefined });
    // Codes are FCM's words only: whatever else an answer says is not kept.
    expect(classifyFcmAnswer(500, { error: { status: 'x y <script>' } }).kind).toBe('retry');
    expect((classifyFcmAnswer(500, { error: { status: 'x y <script>' } }) as { code: string }).code).toBe('HTTP_500');
  });

  it('backs off exponentially without Retry-After, and honours it when given', () => {
    expect(retryDelayMs(1, undefined, 0.5)).toBe(10_000);
    expect(retryDelayMs(2, undefined, 0.5)).toBe(20_000);
    expect(retryDelayMs(3, undefined, 0)).toBe(32_000);
    expect(retryDelayMs(20, undefined, 1)).toBe(15 * 60_000);
    expect(retryDelayMs(3, 1000)).toBe(1000);
    expect(retryDelayMs(1, 86_400_000)).toBe(3_600_000);
  });

  it('builds the v1 message: notification, string data, an image and APNs options when there is one', () => {
    const m = { token: 't', title: 'T', body: 'B', data: { sendId: '3', imageUrl: 'https://x.test/i.png' } };
    expect(fcmMessage({ ...m, platform: 'android' })).toEqual({
      message: {
        token: 't',
        notification: { title: 'T', body: 'B', image: 'https://x.test/i.png' },
        data: { sendId: '3', imageUrl: 'https://x.test/i.png' },
      },
    });
    expect(fcmMessage({ ...m, platform: 'ios' }).message.apns).toEqual({
      payload: { aps: { 'mutable-content': 1 } },
      fcm_options: { image: 'https://x.test/i.png' },
    });
    expect(fcmMessage({ ...m, data: { sendId: '3' }, platform: 'android' }).message.notification).toEqual({
      title: 'T',
      body: 'B',
    });
  });
});

describe('a send through FCM', () => {
  it('each token gets exactly one accepted message; dead tokens are pruned; a 429 waits for its Retry-After', async () => {
    const ok = [await device(), await device(), await device(), await device()];
    const gone = await device();
    const bad = await device();
    const busy = await device();
    const flaky = await device();
    const ios = await device('ios');
    const iosFcm = await device('ios', 'fcm');
    const all = [...ok, gone, bad, busy, flaky, ios, iosFcm];
    const g = google.state;
    g.unregistered.add(gone.token);
    g.invalid.add(bad.token);
    g.throttleOnce.add(busy.token);
    g.unavailableOnce.add(flaky.token);
    // The first access token stops working after two messages: FCM answers 401, a new one is fetched once.
    g.revokeAfterAccepted = 2;

    const id = await sendTo(all.map((d) => d.userId));
    // Every message is recorded; the 429'd and the 503'd wait, the others have their outcome.
    await expect
      .poll(async () => {
        const rows = await outboxOf(id);
        return [...rows.values()].filter((r) => r.state !== 'pending' || r.attempts === 1).length;
      }, poll)
      .toBe(all.length);
    let rows = await outboxOf(id);
    for (const d of [...ok, iosFcm]) {
      expect(rows.get(d.token)).toMatchObject({ state: 'sent', attempts: 1, error: null });
      expect(rows.get(d.token)?.provider_id).toMatch(new RegExp(`^projects/${PROJECT}/messages/\\d+$`));
    }
    expect(rows.get(gone.token)).toMatchObject({ state: 'invalid', error: 'UNREGISTERED' });
    expect(rows.get(bad.token)).toMatchObject({ state: 'invalid', error: 'INVALID_ARGUMENT' });
    // FCM cannot reach a raw APNs token: recorded as failed, never sent, the device kept. The iOS
    // device that registered its FCM token was sent above.
    expect(rows.get(ios.token)).toMatchObject({ state: 'failed', attempts: 0, error: 'APNS_TOKEN' });
    expect(rows.get(busy.token)).toMatchObject({ state: 'pending', attempts: 1, error: 'QUOTA_EXCEEDED' });
    // Retry-After: 1 → due one second later by the service clock.
    expect(ms(rows.get(busy.token)!.next_attempt_at)).toBe(T0.getTime() + 1000);
    expect(rows.get(flaky.token)).toMatchObject({ state: 'pending', attempts: 1, error: 'UNAVAILABLE' });
    const flakyDue = ms(rows.get(flaky.token)!.next_attempt_at)!;
    expect(flakyDue).toBeGreaterThanOrEqual(T0.getTime() + 8000);
    expect(flakyDue).toBeLessThanOrEqual(T0.getTime() + 12_000);
    expect(await sendOf(id)).toMatchObject({ state: 'sending', targeted: 10, sent: 5, invalidTokens: 2, failed: 1 });

    // The clock stands still: no retry before the Retry-After, however long we wait.
    await new Promise((r) => setTimeout(r, 2500));
    expect(g.requests.get(busy.token)).toBe(1);
    ctx.clock.advance(999);
    await new Promise((r) => setTimeout(r, 1500));
    expect(g.requests.get(busy.token)).toBe(1);
    ctx.clock.advance(1);
    await expect.poll(async () => (await outboxOf(id)).get(busy.token)?.state, poll).toBe('sent');
    expect(g.requests.get(busy.token)).toBe(2);
    expect(g.requests.get(flaky.token)).toBe(1);
    expect((await sendOf(id)).state).toBe('sending');

    // The 503'd one after its backoff.
    ctx.clock.advance(12_000);
    await expect.poll(async () => (await sendOf(id)).state, poll).toBe('done');
    expect(await sendOf(id)).toMatchObject({ targeted: 10, sent: 7, invalidTokens: 2, failed: 1, error: null });
    rows = await outboxOf(id);
    expect(rows.get(flaky.token)).toMatchObject({ state: 'sent', attempts: 2, error: null });
    expect(rows.get(busy.token)).toMatchObject({ state: 'sent', attempts: 2, error: null });

    // Exactly one accepted message per token; none for the dead ones; nothing for the APNs token.
    for (const d of [...ok, busy, flaky, iosFcm]) expect(g.accepted.get(d.token), d.token).toBe(1);
    for (const d of [gone, bad]) {
      expect(g.accepted.get(d.token)).toBeUndefined();
      expect(g.requests.get(d.token)).toBe(1);
    }
    expect(g.requests.get(ios.token)).toBeUndefined();
    // The 401: a second token, fetched once, and the refused messages sent again with it.
    expect(g.unauthorized).toBeGreaterThan(0);
    expect(g.tokensIssued).toHaveLength(2);
    expect(g.problems).toEqual([]);
    // The message as the player reads it.
    const first = g.bodies.find((b) => (b.message as { token: string }).token === ok[0].token) as {
      message: Record<string, unknown>;
    };
    expect(first.message).toEqual({
      token: ok[0].token,
      notification: { title: 'Event', body: `${ok[0].userId}, the event has started` },
      data: { sendId: String(id) },
    });

    // Pruned: the unregistered and the invalid token; every other device stays.
    expect(await devicesLeft(all.map((d) => d.token))).toEqual(
      all
        .filter((d) => d !== gone && d !== bad)
        .map((d) => d.token)
        .sort(),
    );
    // Nothing of the key, the grants or the access tokens is stored (jobs, runs, audit, outbox, logs).
    expect(await secretsStored()).toEqual([]);
    const answer = JSON.stringify(await ctx.adminOk('GET', `/api/v1/push/sends/${id}`));
    for (const t of g.tokensIssued) expect(answer).not.toContain(t);
  });

  it('a message FCM keeps refusing fails after the retry limit; a send FCM accepted nothing of fails', async () => {
    const down = await device();
    google.state.alwaysUnavailable.add(down.token);
    const id = await sendTo([down.userId]);
    const forward = ctx.app.jobs.definition('push.forward') as JobDefinition;
    const sweep = () =>
      forwardDueSends(ctx.database.db, ctx.clock.now(), (tx, sendId) =>
        ctx.app.jobs.enqueue(tx, forward, { sendId }, { actorId: null, actor: null, action: 'schedule' }),
      );
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await expect.poll(async () => (await outboxOf(id)).get(down.token)?.attempts, poll).toBe(attempt);
      // The next attempt is due after the backoff (beyond the run's own wait: the dispatch's sweep starts it).
      ctx.clock.advance(20 * 60_000);
      await sweep();
    }
    await expect.poll(async () => (await sendOf(id)).state, poll).toBe('failed');
    expect((await outboxOf(id)).get(down.token)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(google.state.requests.get(down.token)).toBe(MAX_ATTEMPTS);
    const s = await sendOf(id);
    expect(s).toMatchObject({ targeted: 1, sent: 0, failed: 1, invalidTokens: 0 });
    expect(s.error).toContain('UNAVAILABLE ×1');
    expect(await devicesLeft([down.token])).toEqual([down.token]);
  });

  it('at most 8 requests are in flight, and they are used', async () => {
    const many = [];
    for (let i = 0; i < 20; i += 1) many.push(await device());
    google.state.maxInFlight = 0;
    google.state.answerDelayMs = 40;
    try {
      const id = await sendTo(many.map((d) => d.userId));
      await expect.poll(async () => (await sendOf(id)).state, poll).toBe('done');
      expect(await sendOf(id)).toMatchObject({ targeted: 20, sent: 20, failed: 0, invalidTokens: 0 });
    } finally {
      google.state.answerDelayMs = 0;
    }
    expect(google.state.maxInFlight).toBe(8);
    for (const d of many) expect(google.state.accepted.get(d.token)).toBe(1);
  });

  it('two claims at once take disjoint rows (for update skip locked)', async () => {
    // Rows of a send no job knows, due only at a time the service clock never reaches here.
    const later = new Date(T0.getTime() + 365 * 86_400_000);
    const sendId = 900_000 + n;
    await ctx.database.db.execute(sql`
      insert into push_outbox (send_id, user_id, token, platform, title, body, data, created_at, state, next_attempt_at)
      select ${sendId}, i, 'claim-' || i, 'android', 't', 'b', '{}'::jsonb, ${T0}::timestamptz, 'pending', ${later}::timestamptz
      from generate_series(1, 6) i`);
    const at = new Date(later.getTime() + 1);
    let claims: { id: number }[][];
    if (ctx.databaseUrl) {
      // PostgreSQL: the first claim holds its rows (uncommitted) while the second one claims.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let claimed!: () => void;
      const firstClaimed = new Promise<void>((resolve) => {
        claimed = resolve;
      });
      const first = ctx.database.db.transaction(async (tx) => {
        const rows = await claimDue(tx, sendId, at, 'a', 3);
        claimed();
        await held;
        return rows;
      });
      await firstClaimed;
      const second = await ctx.database.db.transaction((tx) => claimDue(tx, sendId, at, 'b', 3));
      release();
      claims = [await first, second];
    } else {
      claims = await Promise.all(
        ['a', 'b'].map((c) => ctx.database.db.transaction((tx) => claimDue(tx, sendId, at, c, 3))),
      );
    }
    const ids = claims.map((rows) => rows.map((r) => r.id));
    expect(ids[0]).toHaveLength(3);
    expect(ids[1]).toHaveLength(3);
    expect(new Set([...ids[0], ...ids[1]]).size).toBe(6);
    // Claimed rows are not claimed again while their claim holds.
    expect(await ctx.database.db.transaction((tx) => claimDue(tx, sendId, at, 'c', 10))).toEqual([]);
    await ctx.database.db.execute(sql`delete from push_outbox where send_id = ${sendId}`);
  });

  it('a cancelled send forwards nothing more: its waiting messages are cancelled', async () => {
    const down = await device();
    const fine = await device();
    google.state.unavailableOnce.add(down.token);
    const id = await sendTo([down.userId, fine.userId]);
    await expect.poll(async () => (await outboxOf(id)).get(down.token)?.attempts, poll).toBe(1);
    const res = await ctx.admin('POST', `/api/v1/push/sends/${id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await outboxOf(id)).get(down.token)).toMatchObject({ state: 'cancelled', next_attempt_at: null });
    ctx.clock.advance(20 * 60_000);
    await forwardDueSends(ctx.database.db, ctx.clock.now(), async () => {
      throw new Error('nothing is due');
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(google.state.requests.get(down.token)).toBe(1);
    expect(await sendOf(id)).toMatchObject({ state: 'cancelled', sent: 1, failed: 0 });
  });

  it('a service account Google refuses: the token is fetched again once, every message fails, no device is pruned', async () => {
    const a = await device();
    const b = await device();
    const g = google.state;
    // The token in use stops working and Google refuses the grant from now on.
    for (const t of g.tokensIssued) g.revoked.add(t);
    g.refuseGrants = true;
    const grantsBefore = g.assertions.length;
    const id = await sendTo([a.userId, b.userId]);
    await expect.poll(async () => (await sendOf(id)).state, poll).toBe('failed');
    const s = await sendOf(id);
    expect(s).toMatchObject({ targeted: 2, sent: 0, failed: 2, invalidTokens: 0 });
    expect(s.error).toContain('TOKEN_invalid_grant ×2');
    const rows = await outboxOf(id);
    for (const d of [a, b]) {
      expect(rows.get(d.token)).toMatchObject({ state: 'failed', attempts: 1, error: 'TOKEN_invalid_grant' });
      expect(g.accepted.get(d.token)).toBeUndefined();
    }
    // A grant per refused request at most (shared while in flight), never a loop.
    expect(g.assertions.length - grantsBefore).toBeGreaterThan(0);
    expect(g.assertions.length - grantsBefore).toBeLessThanOrEqual(2);
    expect(await devicesLeft([a.token, b.token])).toEqual([a.token, b.token].sort());
    g.problems = g.problems.filter((p) => !p.startsWith('token grant refused'));
    expect(g.problems).toEqual([]);
    expect(await secretsStored()).toEqual([]);
  });
});
