import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';

/**
 * "Percent of players" rules for gradual rollouts, computed exactly as Firebase Remote Config's
 * percent condition: SHA-256 of `seed + "." + userId` (no dot when the seed is empty), read as a
 * big integer, modulo 100,000,000 micro-percent. A studio moving from Firebase keeps its splits
 * by reusing its seeds. Pure and synchronous, so the console's previews compute the same buckets.
 */

export const MICRO_PERCENT_TOTAL = 100_000_000;

/** The player's place in 0 … 99,999,999 micro-percent for this seed. */
export function microPercentile(seed: string, userId: string | number): number {
  const text = seed.length > 0 ? `${seed}.${userId}` : String(userId);
  const digest = sha256(utf8ToBytes(text));
  // Horner's rule over the bytes, reduced as it goes: the same remainder as the 256-bit integer,
  // in plain numbers (rest × 256 + 255 < 2^53), so no BigInt on the hot path.
  let rest = 0;
  for (const byte of digest) rest = (rest * 256 + byte) % MICRO_PERCENT_TOTAL;
  return rest;
}

export const percentOperators = ['lte', 'gt', 'between'] as const;
export type PercentOperator = (typeof percentOperators)[number];

/** Percent as operators write it (0–100, up to six decimals) → micro-percent. */
const percent = z
  .number({ error: 'cond.percent' })
  .min(0, { error: 'cond.percent' })
  .max(100, { error: 'cond.percent' })
  .transform((p) => Math.round(p * 1_000_000));

/**
 * A saved percent rule: `lte` ≤ upper, `gt` > lower, `between` lower < x ≤ upper (Firebase's
 * bounds: lower exclusive, upper inclusive). Values are stored in micro-percent.
 */
export const percentRuleSchema = z
  .object({
    attr: z.literal('percent'),
    op: z.enum(percentOperators, { error: 'cond.opNotAllowed' }),
    seed: z.string().max(100, { error: 'cond.seed' }).default(''),
    value: z.union([percent, z.tuple([percent, percent])], { error: 'cond.percent' }),
  })
  .superRefine((rule, ctx) => {
    const pair = Array.isArray(rule.value);
    if ((rule.op === 'between') !== pair)
      ctx.addIssue({ code: 'custom', path: ['value'], message: pair ? 'cond.singleRequired' : 'cond.rangeRequired' });
    else if (pair && (rule.value as [number, number])[0] > (rule.value as [number, number])[1])
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'cond.rangeOrder' });
  });
export type PercentRule = z.output<typeof percentRuleSchema>;

/** Compile a percent rule into a predicate over the player's ID. */
export function compilePercentRule(rule: PercentRule): (userId: string | number) => boolean {
  const { op, seed } = rule;
  if (op === 'between') {
    const [lower, upper] = rule.value as [number, number];
    return (id) => {
      const x = microPercentile(seed, id);
      return x > lower && x <= upper;
    };
  }
  const bound = rule.value as number;
  return op === 'lte' ? (id) => microPercentile(seed, id) <= bound : (id) => microPercentile(seed, id) > bound;
}
