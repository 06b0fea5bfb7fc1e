import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, GAME_KEY, type TestContext } from '../../test/harness.js';
import { acceptedCodings, COMPRESS_MIN_BYTES } from './compression.js';

let ctx: TestContext;
let webDist: string;

/** A built console in miniature: index.html, a hashed chunk, a tiny one, each text file's .br and .gz. */
const files: Record<string, string> = {
  'index.html': `<!doctype html><html><head><title>Rookery</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`,
  'assets/app-D8zJ4n3w.js': Array.from({ length: 800 }, (_, i) => `export const value${i} = ${i} * 7;`).join('\n'),
  'assets/tiny-Xy12.js': 'export const tiny = 1;',
};
const file = (name: string) => Buffer.from(files[name]);

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    const at = path.join(webDist, name);
    fs.writeFileSync(at, text);
    // As the console's build does: compressed copies of files over a kilobyte.
    if (text.length < 1024) continue;
    fs.writeFileSync(`${at}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${at}.gz`, zlib.gzipSync(text, { level: 9 }));
  }
  ctx = await createTestContext({ config: { webDist } });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const decode = (coding: unknown, bytes: Buffer) =>
  coding === 'br' ? zlib.brotliDecompressSync(bytes) : coding === 'gzip' ? zlib.gunzipSync(bytes) : bytes;

describe('which coding a request gets', () => {
  it('follows RFC 9110: q-values, `*`, refusals; malformed, unknown or a Range: none', () => {
    const cases: [Record<string, string | string[]>, string[]][] = [
      [{}, []],
      [{ 'accept-encoding': '' }, []],
      [{ 'accept-encoding': 'identity' }, []],
      [{ 'accept-encoding': 'x-unknown' }, []],
      [{ 'accept-encoding': ';;;===,,,q' }, []],
      [{ 'accept-encoding': 'gzip;q=abc' }, []],
      [{ 'accept-encoding': 'identity;q=0, gzip;q=0' }, []],
      [{ 'accept-encoding': '*;q=0' }, []],
      [{ 'accept-encoding': ['gzip', 'br'] }, []],
      [{ 'accept-encoding': 'gzip' }, ['gzip']],
      [{ 'accept-encoding': 'GZIP' }, ['gzip']],
      [{ 'accept-encoding': 'gzip, deflate, br, zstd' }, ['br', 'gzip']],
      [{ 'accept-encoding': 'gzip;q=1, br;q=0.5' }, ['gzip', 'br']],
      [{ 'accept-encoding': 'identity, gzip;q=0.5' }, []],
      // `*` stands for what is not named: gzip was refused, brotli was not.
      [{ 'accept-encoding': 'gzip;q=0, *' }, ['br']],
      [{ 'accept-encoding': 'br', range: 'bytes=0-9' }, []],
    ];
    for (const [headers, codings] of cases) expect(acceptedCodings(headers), JSON.stringify(headers)).toEqual(codings);
  });
});

describe("the console's files", () => {
  const asset = '/assets/app-D8zJ4n3w.js';

  it('sends the brotli or gzip copy to a client that takes it, cached a year, varying by Accept-Encoding', async () => {
    for (const [accept, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['gzip;q=0, *', 'br'],
    ]) {
      const res = await get(asset, { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(coding, res.rawPayload).equals(file('assets/app-D8zJ4n3w.js'))).toBe(true);
    }
  });

  it('sends the file itself to a client that takes no coding we have, and never answers 500 or 406', async () => {
    const bad = ['', 'identity', 'x-unknown', ';;;===,,,q', 'gzip;q=abc', 'identity;q=0, gzip;q=0', '*;q=0', '\u00ff'];
    for (const headers of [{}, ...bad.map((v) => ({ 'accept-encoding': v }))]) {
      const res = await get(asset, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.rawPayload.equals(file('assets/app-D8zJ4n3w.js'))).toBe(true);
    }
  });

  it('answers a Range with the bytes of the file itself, never of a compressed copy', async () => {
    const res = await get(asset, { 'accept-encoding': 'gzip, br', range: 'bytes=10-109' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-range']).toBe(`bytes 10-109/${file('assets/app-D8zJ4n3w.js').length}`);
    expect(res.rawPayload.equals(file('assets/app-D8zJ4n3w.js').subarray(10, 110))).toBe(true);
  });

  it('revalidates index.html each time (also as the history fallback), compressed, 304 while unchanged', async () => {
    for (const url of ['/index.html', '/players/list', '/login']) {
      const res = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode('br', res.rawPayload).equals(file('index.html'))).toBe(true);
      const again = await get(url, { 'accept-encoding': 'gzip, br', 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(file('index.html'))).toBe(true);
    }
  });

  it('sends a file without a compressed copy as it is (not compressed per request)', async () => {
    const res = await get('/assets/tiny-Xy12.js', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(files['assets/tiny-Xy12.js']);
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const res = await get(`${asset}.br`);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.rawPayload.equals(file('index.html'))).toBe(true);
  });
});

describe('game answers', () => {
  let nextPlayer = 5_000;
  async function player(os: string, country: string, level: number) {
    nextPlayer += 1;
    const state = JSON.stringify({ achievementLevel: level });
    await ctx.database.db.execute(
      sql`insert into players (id, state, os, country, first_login_at, updated_at) values (${nextPlayer}, ${state}::jsonb, ${os}, ${country}, now(), now())`,
    );
    return nextPlayer;
  }
  const store = (userId: number, headers: Record<string, string> = {}) =>
    get(`/api/game/v1/players/${userId}/store`, { 'x-game-key': GAME_KEY, ...headers });
  let players: number[] = [];

  beforeAll(async () => {
    // A store large enough to compress, whose answer differs by player (level and country gates).
    for (let i = 0; i < 40; i++)
      await ctx.adminOk('POST', '/api/v1/resources/product', {
        name: `product${i}`,
        title: `Product number ${i}`,
        cost: { kind: 'gem', amount: 10 + i },
        rewards: [{ kind: 'coin', amount: 100 * (i + 1) }],
        minLevel: i % 3 === 0 ? 5 : 0,
        conditions: i % 4 === 0 ? [{ attr: 'country', op: 'include', value: ['US'] }] : [],
      });
    await ctx.adminOk('POST', '/api/v1/resources/store', {
      name: 'main',
      title: 'Main',
      kind: 'static',
      slots: Array.from({ length: 40 }, (_, i) => ({ product: `product${i}` })),
    });
    players = [await player('ios', 'US', 9), await player('android', 'CN', 1), await player('ios', 'JP', 5)];
  });

  it('the store: gzip decodes to the identity answer, with the weak form of its tag, and 304 for either', async () => {
    for (const userId of players) {
      const plain = await store(userId);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
      const tag = String(plain.headers.etag);
      expect(tag).toMatch(/^"/);

      // gzip even when brotli is acceptable too: the store's shared head is compressed once.
      for (const accept of ['gzip', 'gzip, deflate, br']) {
        const zipped = await store(userId, { 'accept-encoding': accept });
        expect(zipped.statusCode).toBe(200);
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers.vary).toContain('accept-encoding');
        expect(zipped.headers.etag).toBe(`W/${tag}`);
        expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        // gunzip checks the member's CRC-32 and length too.
        expect(zlib.gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
      }
      const brotli = await store(userId, { 'accept-encoding': 'br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.etag).toBe(`W/${tag}`);
      expect(zlib.brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);

      for (const [accept, held, sent] of [
        ['gzip', `W/${tag}`, `W/${tag}`],
        ['gzip', tag, `W/${tag}`],
        ['', `W/${tag}`, tag],
        ['', tag, tag],
      ]) {
        const again = await store(userId, { 'accept-encoding': accept, 'if-none-match': held });
        expect(again.statusCode, `${accept} ${held}`).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(sent);
      }
    }
    // Players share the head, not the tail: their answers differ.
    const [a, b] = await Promise.all(players.slice(0, 2).map((p) => store(p, { 'accept-encoding': 'gzip' })));
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });

  it('leaves an answer under the threshold uncompressed with its strong tag; the content, once over, compressed', async () => {
    const content = (headers: Record<string, string> = {}) =>
      get('/api/game/v1/content?kinds=constant', { 'x-game-key': GAME_KEY, ...headers });
    const config = await get(`/api/game/v1/players/${players[0]}/config`, {
      'x-game-key': GAME_KEY,
      'accept-encoding': 'gzip, br',
    });
    const small = await content({ 'accept-encoding': 'gzip, br' });
    for (const res of [config, small]) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.etag).toMatch(/^"/);
    }
    for (let i = 0; i < 60; i++)
      await ctx.adminOk('POST', '/api/v1/resources/constant', {
        name: `constantWithALongerName${i}`,
        type: 'number',
        value: i,
        description: `The constant number ${i}`,
      });
    const plain = await content();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    // The prepared answer is compressed once per coding and sent the same to every request.
    const [first, second] = [await content({ 'accept-encoding': 'br' }), await content({ 'accept-encoding': 'br' })];
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toBe(`W/${plain.headers.etag}`);
    expect(zlib.brotliDecompressSync(first.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const again = await content({ 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('malformed or unknown codings get the identity answer, never a 500', async () => {
    const plain = await store(players[0]);
    for (const accept of ['x-unknown', ';;;===,,,q', 'identity;q=0, gzip;q=0', '*;q=0', 'gzip;q=-1']) {
      const res = await store(players[0], { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
  });
});

describe('console answers, streams, metrics and the API docs', () => {
  it('compresses a large console answer; the JSON is the same', async () => {
    const headers = { authorization: ctx.adminToken };
    const plain = await get('/api/v1/permession', headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const coding of ['br', 'gzip']) {
      const res = await get('/api/v1/permession', { ...headers, 'accept-encoding': coding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(decode(coding, res.rawPayload).toString())).toEqual(plain.json());
    }
    const small = await get('/api/v1/register/status', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the streamed CSV export', async () => {
    const headers = { authorization: ctx.adminToken };
    const batch = await ctx.adminOk('POST', '/api/v1/giftcode/batches', {
      name: 'compressed export',
      kind: 'unique',
      codeCount: 300,
      rewards: [{ kind: 'gem', amount: 5 }],
      startAt: new Date(Date.now() - 3_600_000).toISOString(),
      endAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    for (let i = 0; i < 300; i++) {
      if ((await ctx.adminOk('GET', `/api/v1/giftcode/batches/${batch.id}`)).generated === 300) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const url = `/api/v1/giftcode/batches/${batch.id}/codes/export`;
    const plain = await get(url, headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.body.trim().split('\r\n')).toHaveLength(301);
    const zipped = await get(url, { ...headers, 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(zipped.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(zlib.gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('serves /metrics and the OpenAPI document compressed', async () => {
    const metrics = await get('/metrics', { 'accept-encoding': 'gzip' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(metrics.rawPayload).toString()).toContain('rookery_http_request_duration_seconds');
    const docs = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('refuses a compressed request body as before (no decompression), without a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ username: 'admin', password: 'x' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
