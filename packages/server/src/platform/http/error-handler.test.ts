import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.js';

/** A query error as Drizzle raises it: the message and stack carry the query's parameters. */
function drizzleQueryError(code: string) {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { code });
  const err = new Error('Failed query: insert into "staff_users" values ($1)\nparams: $argon2id$v=19$secret-hash');
  return Object.assign(err, {
    query: 'insert into "staff_users" values ($1)',
    params: ['$argon2id$v=19$secret-hash'],
    cause,
  });
}

async function appThatThrows(error: Error) {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (l: string) => lines.push(l) } } });
  installErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return { app, lines };
}

it('answers a unique-violation race with 409, not 500', async () => {
  const { app } = await appThatThrows(drizzleQueryError('23505'));
  const res = await app.inject({ url: '/boom', headers: { 'accept-language': 'en-US' } });
  expect(res.statusCode).toBe(409);
  expect(res.json().code).toBe(409);
});

it('logs a failed query without its parameters', async () => {
  const { app, lines } = await appThatThrows(drizzleQueryError('42P01'));
  const res = await app.inject({ url: '/boom' });
  expect(res.statusCode).toBe(500);
  expect(res.body).not.toContain('argon2');
  const log = lines.join('\n');
  expect(log).toContain('duplicate key value');
  expect(log).not.toContain('secret-hash');
});
