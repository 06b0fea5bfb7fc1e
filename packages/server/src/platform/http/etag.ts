import { createHash, type Hash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Coding, codingFor, encode, GZIP_OPTIONS } from './compression.js';

/** A strong tag from the body's hash: every instance gives the same tag for the same answer. */
export const etagOf = (body: string | Buffer) => tagOf(createHash('sha256').update(body));
const tagOf = (hash: Hash) => `"${hash.digest('base64url').slice(0, 32)}"`;

/** The part of a body that many answers share: encoded, hashed and (on first demand) compressed once. */
export interface SharedHead {
  bytes: Buffer;
  digest: Buffer;
  /** The head as the start of a gzip member's deflate data, and its CRC-32 (`gzipParts`). */
  gzip?: { deflated: Buffer; crc: number };
}
export const sharedHead = (text: string): SharedHead => ({
  bytes: Buffer.from(text),
  digest: createHash('sha256').update(text).digest(),
});

/** `If-None-Match` names this tag (or `*`). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim());
  return tags.some((t) => t === '*' || t === etag || t === `W/${etag}`);
}

/**
 * The common end of a cached game read: `ETag`, `Cache-Control: no-cache`, `Vary`, then 304
 * without a body when the client holds the tag, else the body (`make()`) in `coding`. A
 * compressed answer's tag is the identity's made weak (`W/`, as nginx does): a strong tag
 * promises the same bytes, and the compressed bytes are not the identity's; `If-None-Match`
 * compares weakly, so a client holding either tag gets its 304, and the 304 carries the tag its
 * 200 would have.
 */
function answer(
  req: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  coding: Coding | undefined,
  make: () => Buffer | string,
): never {
  reply
    .header('etag', coding ? `W/${etag}` : etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send() as never;
  reply.type('application/json; charset=utf-8');
  if (coding) reply.header('content-encoding', coding);
  return reply.send(make()) as never;
}

/**
 * The one way a game read answers a prepared JSON body: `ETag` (given, or the body's hash) and
 * `Cache-Control: no-cache`, then 304 without a body when the client holds that tag, else the
 * body, compressed when it is large enough and the client accepts a coding.
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  etag = etagOf(body),
): never {
  const coding = codingFor(req.codings, Buffer.byteLength(body));
  return answer(req, reply, etag, coding, () => (coding ? encode(coding, Buffer.from(body)) : body));
}

/** A prepared answer many requests get (the game's content): compressed once per coding. */
export interface PreparedAnswer {
  body: string;
  etag: string;
}
const encodedAnswers = new WeakMap<PreparedAnswer, Partial<Record<Coding, Buffer>>>();

/** `sendCached` for an answer kept in memory: its compressed forms are kept with it. */
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, prepared: PreparedAnswer): never {
  const coding = codingFor(req.codings, Buffer.byteLength(prepared.body));
  return answer(req, reply, prepared.etag, coding, () => {
    if (!coding) return prepared.body;
    const forms = encodedAnswers.get(prepared) ?? {};
    encodedAnswers.set(prepared, forms);
    forms[coding] ??= encode(coding, Buffer.from(prepared.body));
    return forms[coding];
  });
}

/** gzip's member header: deflate, no name, no time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * A gzip member of head + tail that compresses only the tail: the head's deflate data is made
 * once (ending on a sync flush, so it stops on a byte boundary without closing the stream), the
 * tail's is appended as the stream's last blocks, and the trailer's CRC-32 continues the head's.
 * Any gzip decoder reads it as one member. The tail does not refer back into the head (a preset
 * dictionary would: 1.5 % smaller, twice the time).
 */
export function gzipParts(head: SharedHead, tail: Buffer): Buffer {
  head.gzip ??= {
    deflated: zlib.deflateRawSync(head.bytes, { ...GZIP_OPTIONS, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    crc: zlib.crc32(head.bytes),
  };
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(tail, head.gzip.crc), 0);
  trailer.writeUInt32LE((head.bytes.length + tail.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, head.gzip.deflated, zlib.deflateRawSync(tail, GZIP_OPTIONS), trailer]);
}

/**
 * `sendCached` for a body of a shared head and its own tail (the game's store: the products many
 * players share, then each player's stores and offers). The tag hashes the head's hash and the
 * tail, so the same body gets the same tag on every instance, and a request encodes and hashes
 * only its tail. Compressed, it is gzip whenever the client takes gzip, even before brotli: the
 * head is compressed once and each answer compresses only its tail (`gzipParts`), where brotli
 * has to compress the whole answer each time.
 */
export function sendCachedParts(req: FastifyRequest, reply: FastifyReply, head: SharedHead, tail: string): never {
  const tailBytes = Buffer.from(tail);
  const etag = tagOf(createHash('sha256').update(head.digest).update(tailBytes));
  const size = head.bytes.length + tailBytes.length;
  const coding = codingFor(req.codings.includes('gzip') ? ['gzip'] : req.codings, size);
  return answer(req, reply, etag, coding, () => {
    if (coding === 'gzip') return gzipParts(head, tailBytes);
    const body = Buffer.concat([head.bytes, tailBytes]);
    return coding ? encode(coding, body) : body;
  });
}
