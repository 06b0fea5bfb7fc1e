import { redisEndpoints } from '@rookery/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { type Handlers, registerEndpoints } from './endpoints.js';

/** Handlers are a map keyed by the table's endpoints: one missing or one too many stops the start. */
describe('handler map', () => {
  const deps = { db: undefined as unknown as Db, gameKeyHash: '' };
  const answer = async () => ({}) as never;
  const all = Object.fromEntries(Object.keys(redisEndpoints).map((name) => [name, answer])) as unknown as Handlers<
    typeof redisEndpoints
  >;

  it('registers a table whose handlers match it', () => {
    expect(() => registerEndpoints(Fastify(), deps, redisEndpoints, all)).not.toThrow();
  });

  it('refuses a missing handler and a handler for no endpoint, by name', () => {
    const [first] = Object.keys(redisEndpoints);
    const { [first as keyof typeof all]: _, ...missing } = all;
    expect(() => registerEndpoints(Fastify(), deps, redisEndpoints, missing as typeof all)).toThrow(
      `no handler for endpoint ${first}`,
    );
    // @ts-expect-error an extra handler in the literal map is a type error too
    expect(() => registerEndpoints(Fastify(), deps, redisEndpoints, { ...all, redisTypo: answer })).toThrow(
      'handler redisTypo is for no endpoint of its table',
    );
  });
});
