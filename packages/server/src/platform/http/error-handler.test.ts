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

/** A lost connection as each layer raises it: the server's FATAL, a refused socket, the pool's own. */
const lostConnections: [string, () => Error][] = [
  ['terminated by the administrator (57P01, wrapped by Drizzle)', () => drizzleQueryError('57P01')],
  [
    'the server starting up (57P03)',
    () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
  ],
  ['a connection exception (08006)', () => Object.assign(new Error('connection failure'), { code: '08006' })],
  [
    'refused (AggregateError of ECONNREFUSED)',
    () =>
      Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })])),
  ],
  ['cut mid-query', () => new Error('Connection terminated unexpectedly')],
  ['no free connection within the wait', () => new Error('timeout exceeded when trying to connect')],
  ['a broken connection reused', () => new Error('Client has encountered a connection error and is not queryable')],
];

it.each(lostConnections)('answers a lost database connection with 503 and Retry-After: %s', async (_, make) => {
  const { app } = await appThatThrows(make());
  const res = await app.inject({ url: '/boom', headers: { 'accept-language': 'zh-CN' } });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('3');
  expect(res.json()).toEqual({ code: 503, msg: '数据库暂时无法连接，请稍后重试', key: 'http.databaseUnavailable' });
});

it('still answers 500 to a failed query that is not about the connection', async () => {
  const { app } = await appThatThrows(Object.assign(new Error('division by zero'), { code: '22012' }));
  expect((await app.inject({ url: '/boom' })).statusCode).toBe(500);
});
