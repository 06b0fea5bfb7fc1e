import type { Endpoint } from '@rookery/contracts';
import type { Handlers } from './endpoints.js';

/**
 * One subject's handlers (a file of an area's handlers): those of endpoints `K` of table `T`, each
 * typed by its endpoint as in the whole map.
 */
export type HandlerPart<T extends Record<string, Endpoint>, K extends keyof T> = Handlers<Pick<T, K>>;

type KeysOf<P> = P extends unknown ? keyof P : never;

/** The endpoints with a handler in more than one part. */
type Repeated<Parts> = {
  [N in keyof Parts]: keyof Parts[N] & KeysOf<Parts[Exclude<keyof Parts, N>]>;
}[keyof Parts];

/** The endpoints of `T` with a handler in no part. */
type Missing<T, Parts> = Exclude<keyof T, KeysOf<Parts[keyof Parts]>>;

/** `unknown` (no constraint) when every endpoint has exactly one handler, else the names wrong. */
type ExactlyOnce<T, Parts> = [Missing<T, Parts>] extends [never]
  ? [Repeated<Parts>] extends [never]
    ? unknown
    : { endpointsWithTwoHandlers: Repeated<Parts> }
  : { endpointsWithoutHandler: Missing<T, Parts> };

/**
 * An area's handler map from its parts, named by subject (`joinHandlers<typeof staffEndpoints>()({
 * roles, users, … })`). The type proves every endpoint of the table has exactly one handler: an
 * endpoint in no part or in two is a type error naming it (and two stop the start too).
 */
export function joinHandlers<T extends Record<string, Endpoint>>() {
  return <Parts extends Record<string, Partial<Handlers<T>>>>(parts: Parts & ExactlyOnce<T, Parts>): Handlers<T> => {
    const all: Record<string, unknown> = {};
    for (const [subject, part] of Object.entries(parts))
      for (const [name, handler] of Object.entries(part)) {
        if (name in all) throw new Error(`endpoint ${name} has a second handler, in ${subject}`);
        all[name] = handler;
      }
    return all as Handlers<T>;
  };
}
