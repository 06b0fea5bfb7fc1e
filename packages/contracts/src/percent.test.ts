import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compilePercentRule, MICRO_PERCENT_TOTAL, microPercentile, percentRuleSchema } from './percent';
import { firebaseFiftyPercentVectors } from './testdata/firebase-percent-vectors';

const rule = (input: unknown) => percentRuleSchema.parse(input);

describe('percent rules (Firebase Remote Config percent condition)', () => {
  it.each(firebaseFiftyPercentVectors)('seed "$seed", id $id → inside 0–50%: $inside', ({ seed, id, inside }) => {
    const between = compilePercentRule(rule({ attr: 'percent', op: 'between', seed, value: [0, 50] }));
    expect(between(id)).toBe(inside);
  });

  it('reads the whole SHA-256 digest as one integer (cross-checked with node:crypto and BigInt)', () => {
    for (const [seed, id] of [
      ['', 'x'],
      ['rollout', 42],
      ['ü', 'ß'],
    ] as const) {
      const text = seed ? `${seed}.${id}` : String(id);
      const expected = BigInt(`0x${createHash('sha256').update(text).digest('hex')}`) % BigInt(MICRO_PERCENT_TOTAL);
      expect(microPercentile(seed, id)).toBe(Number(expected));
    }
  });

  it('splits 10,000 user IDs within ±2% of the share, the same on every call', () => {
    const tenPercent = compilePercentRule(rule({ attr: 'percent', op: 'lte', seed: 'ramp', value: 10 }));
    const ids = Array.from({ length: 10_000 }, (_, i) => 100_000 + i);
    const inside = ids.filter((id) => tenPercent(id));
    expect(inside.length).toBeGreaterThan(800);
    expect(inside.length).toBeLessThan(1200);
    expect(ids.filter((id) => tenPercent(id))).toEqual(inside);
    const rest = compilePercentRule(rule({ attr: 'percent', op: 'gt', seed: 'ramp', value: 10 }));
    expect(ids.filter((id) => rest(id)).length).toBe(10_000 - inside.length);
  });

  it('keeps the bounds: 0% takes nobody, 100% everybody, an empty range nobody', () => {
    const ids = Array.from({ length: 500 }, (_, i) => i);
    expect(ids.some(compilePercentRule(rule({ attr: 'percent', op: 'lte', value: 100 })))).toBe(true);
    expect(ids.every(compilePercentRule(rule({ attr: 'percent', op: 'lte', value: 100 })))).toBe(true);
    expect(ids.some(compilePercentRule(rule({ attr: 'percent', op: 'gt', value: 100 })))).toBe(false);
    expect(ids.some(compilePercentRule(rule({ attr: 'percent', op: 'between', value: [50, 50] })))).toBe(false);
  });

  it('refuses a range for lte/gt, a single value for between, and reversed or out-of-range bounds', () => {
    const issues = (input: unknown) => percentRuleSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ attr: 'percent', op: 'lte', value: [1, 2] })).toContain('cond.singleRequired');
    expect(issues({ attr: 'percent', op: 'between', value: 5 })).toContain('cond.rangeRequired');
    expect(issues({ attr: 'percent', op: 'between', value: [60, 40] })).toContain('cond.rangeOrder');
    expect(issues({ attr: 'percent', op: 'lte', value: 101 })).toContain('cond.percent');
    expect(issues({ attr: 'percent', op: 'lte', value: 12.5 })).toEqual([]);
    expect(rule({ attr: 'percent', op: 'lte', value: 12.5 }).value).toBe(12_500_000);
  });
});
