import { createHash, type Hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong tag from the body's hash: every instance gives the same tag for the same answer. */
export const etagOf = (body: string | Buffer) => tagOf(createHash('sha256').update(body));
const tagOf = (hash: Hash) => `"${hash.digest('base64url').slice(0, 32)}"`;

/** The part of a body that many answers share: encoded and hashed once. */
export interface SharedHead {
  bytes: Buffer;
  digest: Buffer;
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
 * The one way a game read answers a prepared JSON body: `ETag` (given, or the body's hash) and
 * `Cache-Control: no-cache`, then 304 without a body when the client holds that tag, else the body.
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  etag = etagOf(body),
): never {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send() as never;
  return reply.type('application/json; charset=utf-8').send(body) as never;
}

/**
 * `sendCached` for a body of a shared head and its own tail (the game's store: the products many
 * players share, then each player's stores and offers). The tag hashes the head's hash and the
 * tail, so the same body gets the same tag on every instance, and a request encodes and hashes
 * only its tail.
 */
export function sendCachedParts(req: FastifyRequest, reply: FastifyReply, head: SharedHead, tail: string): never {
  const tailBytes = Buffer.from(tail);
  const etag = tagOf(createHash('sha256').update(head.digest).update(tailBytes));
  return sendCached(req, reply, Buffer.concat([head.bytes, tailBytes]), etag);
}
