import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import Negotiator from 'negotiator';

/** The content codings the server sends; anything else a client names gets the identity. */
export type Coding = 'br' | 'gzip';

/**
 * Answers shorter than this go uncompressed: under a kilobyte the saving is a few hundred bytes,
 * about what the header block costs, and not worth the CPU.
 */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Per-request compression levels: brotli 4 and gzip 6 cost about the same CPU (the 48 kB store
 * answer: 0.18 and 0.25 ms) for sizes within a few percent of the best; brotli 11, ten times
 * slower, is for the console's files, compressed once at build.
 */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

const OURS = ['br', 'gzip', 'identity'];
const NONE: readonly Coding[] = [];

/**
 * The codings this request accepts that are better than none, best first: RFC 9110's rules
 * (negotiator: q-values, `*`, `identity;q=0`), ties broken towards brotli. Empty for a malformed or
 * unknown value, for one that accepts nothing we have (we send the identity then rather than a
 * 406: RFC 9110 §12.1 lets a server ignore the preference, and a 406 would turn a client's
 * header mistake into an outage), and for a Range request: ranges are of the identity bytes.
 */
export function acceptedCodings(headers: Record<string, string | string[] | undefined>): readonly Coding[] {
  const header = headers['accept-encoding'];
  if (typeof header !== 'string' || headers.range !== undefined) return NONE;
  const ranked = new Negotiator({ headers: { 'accept-encoding': header } }).encodings(OURS, { preferred: OURS });
  const better = ranked.indexOf('identity');
  return (better < 0 ? ranked : ranked.slice(0, better)) as Coding[];
}

/** The coding an answer of `size` bytes goes out in for this request, if any. */
export const codingFor = (codings: readonly Coding[], size: number): Coding | undefined =>
  size >= COMPRESS_MIN_BYTES ? codings[0] : undefined;

/** `body` compressed in `coding`, at the per-request levels (synchronous: answers are tens of kB). */
export const encode = (coding: Coding, body: Buffer): Buffer =>
  coding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, GZIP_OPTIONS);

declare module 'fastify' {
  interface FastifyRequest {
    /** The content codings the client accepts, best first (`acceptedCodings`); empty: identity. */
    codings: readonly Coding[];
  }
}

/**
 * Compressed answers. Every request's `Accept-Encoding` is read once, by `acceptedCodings`, and
 * replaced by the one coding chosen (or `identity`): @fastify/static and @fastify/compress then
 * both follow that choice — their own parsers read `*` as gzip even after `gzip;q=0`, and would
 * cut a Range out of a compressed file. @fastify/compress then compresses answers from
 * `COMPRESS_MIN_BYTES` on (JSON, CSV, text; streams too); the game's cached reads compress
 * themselves (`etag.ts`), and routes registered with `compress: false` are left alone (the
 * console's files: compressed at build). Compressed request bodies are not accepted (no request
 * decompression: a small gzip body can inflate past the body limit).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // Set by the hook below on every request (a shared array may not be a request decoration's default).
  app.decorateRequest('codings', null as unknown as readonly Coding[]);
  app.addHook('onRequest', (req, _reply, done) => {
    req.codings = acceptedCodings(req.headers);
    req.raw.headers['accept-encoding'] = req.codings[0] ?? 'identity';
    done();
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
