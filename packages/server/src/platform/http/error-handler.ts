import { isMessageKey, translate } from '@rookery/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { databaseErrorCode, loggableError } from '../db/errors.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, fieldErrors } from './errors.js';

const known: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'http.malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'http.malformedJson',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'http.400',
};

/** Seconds a client should wait before retrying when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/** One answer shape for every failure: `{ code, msg, errors? }`, HTTP status = code, text in the user's language. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = req.locale ?? 'zh-CN';
    if (error instanceof AppError) {
      // A game answer speaks the player's language, which may not be the request header's.
      const locale = error.opts.locale ?? req.locale ?? 'zh-CN';
      // A field's message may name the same figures as the whole answer's (a layer's free share).
      const errors = error.opts.fields?.map((f) => ({
        field: f.field,
        message: translate(f.message, locale, error.opts.vars),
      }));
      return reply.status(error.status).send({
        code: error.status,
        msg: translate(error.key, locale, error.opts.vars),
        key: error.key,
        ...(errors ? { errors } : {}),
        ...(error.opts.data !== undefined ? { data: error.opts.data } : {}),
      });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({
        code: 400,
        msg: translate('http.validation', locale),
        key: 'http.validation',
        errors: fieldErrors(error, locale),
      });
    }
    const e = error as FastifyError;
    if (e.code && known[e.code]) {
      return reply.status(400).send({ code: 400, msg: translate(known[e.code], locale), key: known[e.code] });
    }
    if (e.statusCode === 429) {
      return reply.status(429).send({ code: 429, msg: translate('http.429', locale), key: 'http.429' });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const key = isMessageKey(`http.${e.statusCode}`) ? `http.${e.statusCode}` : 'http.400';
      return reply.status(e.statusCode).send({ code: e.statusCode, msg: translate(key, locale), key });
    }
    // A lost or refused database connection passes: the client may retry (console and game alike).
    if (isDatabaseUnavailable(error)) {
      warnUnavailable(req, error);
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ code: 503, msg: translate('http.databaseUnavailable', locale), key: 'http.databaseUnavailable' });
    }
    // A race that slipped past a handler's uniqueness check (two creates at once) is a conflict.
    const pgCode = databaseErrorCode(error);
    if (pgCode === '23505')
      return reply.status(409).send({ code: 409, msg: translate('http.409', locale), key: 'http.409' });
    // Query errors carry their parameters (a password hash, a player's data): log without them.
    req.log.error({ err: loggableError(error) }, 'unhandled error');
    // The request ID finds the server's error log entry of this failure.
    return reply
      .status(500)
      .send({ code: 500, msg: translate('http.500', locale), key: 'http.500', requestId: String(req.id) });
  });
}

let lastUnavailableLog = Number.NEGATIVE_INFINITY;
let heldUnavailableLogs = 0;

/** One log line per second at most while the database is away (an outage fails every request). */
function warnUnavailable(req: FastifyRequest, error: unknown): void {
  // A rate limit on log lines: a duration, so the monotonic timer, not the service clock.
  const now = performance.now();
  if (now - lastUnavailableLog < 1000) {
    heldUnavailableLogs += 1;
    return;
  }
  lastUnavailableLog = now;
  req.log.warn({ err: loggableError(error), alsoFailed: heldUnavailableLogs }, 'database unavailable: answered 503');
  heldUnavailableLogs = 0;
}
