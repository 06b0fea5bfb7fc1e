import type { z } from 'zod';

/** An end time at or before `now` (milliseconds): what it closes would reach no player. */
export const endHasPassed = (end: string | null | undefined, now: number): boolean =>
  typeof end === 'string' && end !== '' && Date.parse(end) <= now;

/**
 * `schema` refusing an end time that has already passed, with `message` on its field: a rule
 * that reads a clock, so each side adds it with its own (the console the browser's, the server
 * its service clock) and the form says it before its confirmation. `stored` skips a time the
 * operator left as it was (an item that already ended keeps its window while its title changes).
 */
export function withFutureEnd<S extends z.ZodType>(
  schema: S,
  fields: readonly string[],
  message: string,
  now: () => number,
  stored?: Record<string, unknown> | null,
): S {
  return schema.superRefine((value, ctx) => {
    const doc = (value ?? {}) as Record<string, unknown>;
    for (const field of fields) {
      const end = doc[field];
      if (stored && stored[field] === end) continue;
      if (typeof end === 'string' && endHasPassed(end, now()))
        ctx.addIssue({ code: 'custom', path: [field], message, input: end });
    }
  }) as unknown as S;
}
