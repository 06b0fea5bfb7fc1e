import type { PercentOperator } from '@rookery/contracts';

/**
 * The "percent of players" rule as the form holds it: `lte`/`gt` take one percentage (0–100),
 * `between` a pair `[lower, upper]` (lower exclusive, upper inclusive, as Firebase).
 */
export type PercentValue = number | [number | undefined, number | undefined] | undefined;

/**
 * The value kept when the operator changes: the same players stay selected where one bound can
 * say it (≤ 30 ⇄ between 0 and 30, > 30 ⇄ between 30 and 100); otherwise the bound carries over.
 */
export function percentValueFor(
  from: PercentOperator | undefined,
  to: PercentOperator,
  value: PercentValue,
): PercentValue {
  if (from === to) return value;
  if (to === 'between') {
    if (typeof value !== 'number') return [undefined, undefined];
    return from === 'gt' ? [value, 100] : [0, value];
  }
  if (typeof value === 'number') return value;
  if (!Array.isArray(value)) return undefined;
  // From a range: ≤ keeps its upper bound, > its lower one.
  return to === 'lte' ? value[1] : value[0];
}

/** The share of players the rule selects, in percent (rounded to 0.01), or undefined while incomplete or wrong. */
export function percentShare(op: PercentOperator | undefined, value: PercentValue): number | undefined {
  const round = (n: number) => Math.round(n * 100) / 100;
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100;
  if (op === 'between') {
    if (!Array.isArray(value) || !ok(value[0]) || !ok(value[1]) || value[0] > value[1]) return undefined;
    return round(value[1] - value[0]);
  }
  if (!op || !ok(value)) return undefined;
  return round(op === 'gt' ? 100 - value : value);
}
