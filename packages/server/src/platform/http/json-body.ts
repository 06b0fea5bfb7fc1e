import { MAX_JSON_DEPTH } from '@rookery/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** The path where `value` nests `limit` levels deep, if it does; walked without recursion. */
function tooDeep(value: unknown, limit: number): (string | number)[] | null {
  const pending: { value: object; path: (string | number)[] }[] = [];
  if (value !== null && typeof value === 'object') pending.push({ value, path: [] });
  while (pending.length > 0) {
    const { value: v, path } = pending.pop()!;
    if (path.length >= limit) return path;
    const list = Array.isArray(v);
    for (const [key, item] of Object.entries(v))
      if (item !== null && typeof item === 'object')
        pending.push({ value: item, path: [...path, list ? Number(key) : key] });
  }
  return null;
}

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), and refused with 400 on the
 * field where they nest deeper than MAX_JSON_DEPTH: validating or serialising a value thousands
 * of levels deep overflows the stack (a 500) in zod, JSON.stringify and the drivers alike, so it
 * is stopped before any of them sees it, for every endpoint of both APIs.
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    parse(req, typeof body === 'string' ? body : body.toString('utf8'), (error, value) => {
      if (error) return done(error);
      const path = tooDeep(value, MAX_JSON_DEPTH);
      if (!path) return done(null, value);
      const field = path.slice(0, 3).join('.');
      done(new AppError(400, 'v.jsonTooDeep', { fields: [{ field, message: 'v.jsonTooDeep' }] }), undefined);
    });
  });
}
