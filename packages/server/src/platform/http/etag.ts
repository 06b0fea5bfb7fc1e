import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong tag from the body's hash: every instance gives the same tag for the same answer. */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

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
export function sendCached(req: FastifyRequest, reply: FastifyReply, body: string, etag = etagOf(body)): never {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send() as never;
  return reply.type('application/json; charset=utf-8').send(body) as never;
}
