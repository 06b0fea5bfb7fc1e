import { redisEndpoints } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import type { Handler } from './endpoints.js';
import { type HandlerPart, joinHandlers } from './handler-parts.js';

/** An area's handler map joined from parts by subject: every endpoint exactly once (typed, and at start). */
describe('handler parts', () => {
  type T = typeof redisEndpoints;
  const answer = (async () => ({}) as never) as Handler<never>;
  const handlersOf = <K extends keyof T>(names: K[]) =>
    Object.fromEntries(names.map((n) => [n, answer])) as unknown as HandlerPart<T, K>;
  const one = handlersOf(['redisScan']);
  const others = handlersOf(['redisKeyGet', 'redisDelete', 'redisInfo']);
  const join = joinHandlers<T>();

  it('joins parts that cover the table once', () => {
    expect(Object.keys(join({ one, others })).sort()).toEqual(Object.keys(redisEndpoints).sort());
  });

  it('refuses an endpoint in no part or in two', () => {
    // @ts-expect-error an endpoint without a handler is a type error
    join({ others });
    // @ts-expect-error an endpoint with two handlers is a type error, and stops the start
    expect(() => join({ one, others, again: one })).toThrow('endpoint redisScan has a second handler, in again');
  });
});
