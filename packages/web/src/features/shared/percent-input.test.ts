import { MICRO_PERCENT_TOTAL, microPercentile } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { percentShare, percentValueFor } from './percent-input';

describe('percent rule input', () => {
  it('keeps the same players when switching between one bound and a range', () => {
    expect(percentValueFor('lte', 'between', 30)).toEqual([0, 30]);
    expect(percentValueFor('gt', 'between', 30)).toEqual([30, 100]);
    expect(percentValueFor('between', 'lte', [0, 30])).toBe(30);
    expect(percentValueFor('between', 'gt', [30, 100])).toBe(30);
    expect(percentValueFor('lte', 'gt', 25)).toBe(25);
    expect(percentValueFor(undefined, 'between', undefined)).toEqual([undefined, undefined]);
    expect(percentValueFor('between', 'lte', undefined)).toBeUndefined();
  });

  it('states the share of players a rule selects', () => {
    expect(percentShare('lte', 30)).toBe(30);
    expect(percentShare('gt', 30)).toBe(70);
    expect(percentShare('between', [12.5, 40])).toBe(27.5);
    expect(percentShare('between', [40, 12.5])).toBeUndefined();
    expect(percentShare('lte', 120)).toBeUndefined();
    expect(percentShare('lte', undefined)).toBeUndefined();
    expect(percentShare('between', [undefined, 10])).toBeUndefined();
  });

  it('the stated share is what the shared evaluator selects (10,000 IDs, ±2%)', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const bound = (30 * MICRO_PERCENT_TOTAL) / 100;
    const inside = ids.filter((id) => microPercentile('rollout', id) <= bound).length / ids.length;
    expect(Math.abs(inside * 100 - percentShare('lte', 30)!)).toBeLessThan(2);
  });
});
