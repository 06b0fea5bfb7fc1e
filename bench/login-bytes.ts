import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import { sha256 } from '../packages/server/src/platform/security/tokens.js';
import { assertRight, BENCH_GAME_KEY, log, openBenchDatabase, resultLine } from './harness.js';

/**
 * `login-bytes`: what a browser downloads to show the login page, read from the server's answers
 * for the built console (`ROOKERY_WEB_DIST`, else packages/web/dist: build it first). Cold: the
 * page (`/login`, the history fallback), every file index.html names (entry, preloads, CSS,
 * icon), the login screen's chunk and its static imports and CSS — asked as Chrome asks
 * (`accept-encoding: gzip, deflate, br, zstd`). Warm: the same page again with a browser cache;
 * an answer kept fresh by its `cache-control` (max-age > 0) costs nothing, any other is
 * revalidated (`If-None-Match` / `If-Modified-Since`) and its answer counted. Each answer counts
 * its body and its header block as HTTP/1.1 text. Ratio: cold bytes against the same files'
 * uncompressed bytes (bodies only). API calls the page makes are not counted.
 */

const CHROME_ENCODINGS = 'gzip, deflate, br, zstd';
const LOGIN_CHUNK = 'src/features/auth/LoginPage.tsx';

interface Fetched {
  url: string;
  res: LightMyRequestResponse;
  bytes: number;
}

/** Header block + body, as the answer crosses the wire over HTTP/1.1 (before TLS). */
function wireBytes(res: LightMyRequestResponse): number {
  let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`;
  for (const [name, value] of Object.entries(res.headers)) for (const v of [value].flat()) head += `${name}: ${v}\r\n`;
  return Buffer.byteLength(`${head}\r\n`) + res.rawPayload.length;
}

/** The URLs the login page loads: index.html's own references, then the login chunk's closure. */
function loginUrls(dist: string, indexHtml: string): string[] {
  const urls = new Set<string>();
  for (const m of indexHtml.matchAll(/(?:src|href)="(\/[^"]+)"/g)) urls.add(m[1]);
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; css?: string[] }
  >;
  const visit = (key: string) => {
    const chunk = manifest[key];
    assertRight(chunk !== undefined, `manifest has ${key}`);
    const url = `/${chunk.file}`;
    if (urls.has(url) && key !== LOGIN_CHUNK) return;
    urls.add(url);
    for (const css of chunk.css ?? []) urls.add(`/${css}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(LOGIN_CHUNK);
  return [...urls];
}

/** Cache-control lets the browser reuse the answer without asking (max-age above zero, no no-cache). */
function freshInCache(res: LightMyRequestResponse): boolean {
  const cc = String(res.headers['cache-control'] ?? '');
  const maxAge = /max-age=(\d+)/.exec(cc);
  return !/no-cache|no-store/.test(cc) && maxAge !== null && Number(maxAge[1]) > 0;
}

async function fetchAll(app: FastifyInstance, urls: string[]): Promise<Fetched[]> {
  const out: Fetched[] = [];
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': CHROME_ENCODINGS } });
    assertRight(res.statusCode === 200, `GET ${url}: ${res.statusCode}`);
    out.push({ url, res, bytes: wireBytes(res) });
  }
  return out;
}

async function revalidate(app: FastifyInstance, cold: Fetched[]): Promise<Fetched[]> {
  const out: Fetched[] = [];
  for (const { url, res } of cold) {
    if (freshInCache(res)) continue;
    const headers: Record<string, string> = { 'accept-encoding': CHROME_ENCODINGS };
    if (res.headers.etag) headers['if-none-match'] = String(res.headers.etag);
    if (res.headers['last-modified']) headers['if-modified-since'] = String(res.headers['last-modified']);
    const again = await app.inject({ method: 'GET', url, headers });
    out.push({ url, res: again, bytes: wireBytes(again) });
  }
  return out;
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

export async function benchLoginBytes(): Promise<string[]> {
  const config = { ...loadConfig({}), logLevel: 'silent' as const };
  const dist = config.webDist;
  const indexPath = path.join(dist, 'index.html');
  assertRight(fs.existsSync(indexPath), `${indexPath} exists (npm run build -w @rookery/web)`);
  const database = await openBenchDatabase();
  try {
    const app = await buildApp({ config, database, gameKeyHash: sha256(BENCH_GAME_KEY) });
    await app.ready();
    try {
      const urls = ['/login', ...loginUrls(dist, fs.readFileSync(indexPath, 'utf8'))];
      const cold = await fetchAll(app, urls);
      const warm = await revalidate(app, cold);
      for (const f of cold)
        log(
          `${kB(f.bytes).padStart(9)}  ${f.url}  ${f.res.headers['content-encoding'] ?? 'identity'}  ${f.res.headers['cache-control'] ?? ''}`,
        );
      const identity = urls.reduce((sum, url) => {
        const file = url === '/login' ? 'index.html' : url.slice(1);
        return sum + fs.statSync(path.join(dist, file)).size;
      }, 0);
      const coldBytes = cold.reduce((s, f) => s + f.bytes, 0);
      const coldBodies = cold.reduce((s, f) => s + f.res.rawPayload.length, 0);
      const warmBytes = warm.reduce((s, f) => s + f.bytes, 0);
      const statuses = warm.map((f) => f.res.statusCode);
      return [
        resultLine(
          'login-bytes',
          `${kB(coldBytes)} cold, ${cold.length} answers (bodies ${kB(coldBodies)})`,
          coldBytes / identity,
          `${kB(identity)} of the same files uncompressed`,
        ),
        `bench login-bytes: ${kB(warmBytes)} warm, ${warm.length} revalidated (${statuses.filter((s) => s === 304).length} × 304), ${cold.length - warm.length} from the cache`,
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
