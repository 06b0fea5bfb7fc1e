import { describe, expect, it } from 'vitest';
import {
  chanceToBeatControl,
  frequentistTest,
  meanInterval,
  normalCdf,
  normalQuantile,
  sampleRatioMismatch,
  studentTCdf,
  studentTQuantile,
  summarize,
} from './experiment-stats.js';

/** GrowthBook gbstats' frequentist test case (packages/stats/tests/frequentist/test_tests.py, TestTwoSidedTTest). */
const A = { n: 3407, sum: 1396.87, sumSquares: 52377.9767 };
const B = { n: 3461, sum: 2422.7, sumSquares: 134698.29 };

describe('special functions against textbook tables', () => {
  it('t and normal quantiles and CDFs', () => {
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228139, 5);
    expect(studentTQuantile(0.995, 3)).toBeCloseTo(5.840909, 5);
    expect(studentTCdf(2.228139, 10)).toBeCloseTo(0.975, 6);
    expect(studentTCdf(-1, 1)).toBeCloseTo(0.25, 10);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalCdf(1)).toBeCloseTo(0.841345, 6);
    expect(normalCdf(-3)).toBeCloseTo(0.0013499, 7);
  });
});

describe('frequentist test (gbstats TwoSidedTTest, relative)', () => {
  it('reproduces gbstats: uplift 0.70732, CI (−0.03526, 1.44989), p 0.06191', () => {
    const r = frequentistTest(A, B);
    expect(r).not.toBeNull();
    expect(r?.uplift).toBeCloseTo(0.70732, 5);
    expect(r?.ci[0]).toBeCloseTo(-0.03526, 5);
    expect(r?.ci[1]).toBeCloseTo(1.44989, 5);
    expect(r?.pValue).toBeCloseTo(0.06191, 5);
    expect(r?.significant).toBe(false);
  });

  it('a hand-computed small fixture', () => {
    // Control 0,1,1,0 (mean 0.5, var 1/3); treatment 1,1,1,0 (mean 0.75, var 0.25).
    const c = { n: 4, sum: 2, sumSquares: 2 };
    const t = { n: 4, sum: 3, sumSquares: 3 };
    expect(summarize(c)).toEqual({ mean: 0.5, variance: 1 / 3, stdError: Math.sqrt(1 / 12) });
    const r = frequentistTest(c, t);
    // Delta method: var = (0.25/4)/0.25 + (1/12)·0.5625/0.0625 = 0.25 + 0.75 = 1.
    expect(r?.uplift).toBeCloseTo(0.5, 10);
    const dof = (1 / 12 + 1 / 16) ** 2 / ((1 / 16) ** 2 / 3 + (1 / 12) ** 2 / 3);
    expect(r?.dof).toBeCloseTo(dof, 10);
    expect(r?.ci[1]).toBeCloseTo(0.5 + studentTQuantile(0.975, dof), 8);
    expect(meanInterval(c)?.[0]).toBeCloseTo(0.5 - 3.182446 * Math.sqrt(1 / 12), 5);
  });

  it('says nothing it cannot compute', () => {
    expect(frequentistTest({ n: 1, sum: 1, sumSquares: 1 }, B)).toBeNull();
    expect(frequentistTest({ n: 10, sum: 0, sumSquares: 0 }, B)).toBeNull();
    expect(frequentistTest({ n: 10, sum: 10, sumSquares: 10 }, { n: 10, sum: 10, sumSquares: 10 })).toBeNull();
    expect(chanceToBeatControl({ n: 0, sum: 0, sumSquares: 0 }, B)).toBeNull();
    expect(summarize({ n: 0, sum: 0, sumSquares: 0 }).mean).toBeNull();
  });
});

describe('chance to beat control', () => {
  it('is Φ(estimate / sd) of the relative uplift', () => {
    const r = chanceToBeatControl(A, B);
    // sd from the frequentist interval: width / t(0.975, dof) ≈ 0.37891.
    expect(r?.chance).toBeCloseTo(0.96907, 4);
    expect(r?.ci[0]).toBeCloseTo(-0.0351, 3);
    expect(chanceToBeatControl(B, A)?.chance).toBeLessThan(0.05);
  });
});

describe('sample ratio mismatch (chi-square)', () => {
  it('textbook: 50/30/20 against equal thirds → χ² 14, p = e^-7', () => {
    const r = sampleRatioMismatch([50, 30, 20], [1, 1, 1]);
    expect(r?.chiSquare).toBeCloseTo(14, 10);
    expect(r?.degreesOfFreedom).toBe(2);
    expect(r?.pValue).toBeCloseTo(Math.exp(-7), 10);
    expect(r?.flagged).toBe(true);
  });

  it('flags a skewed split and passes a fair one', () => {
    expect(sampleRatioMismatch([5000, 5400], [0.5, 0.5])?.flagged).toBe(true);
    const fair = sampleRatioMismatch([5010, 4990], [0.5, 0.5]);
    expect(fair?.flagged).toBe(false);
    expect(fair?.pValue).toBeCloseTo(0.8415, 4);
    // 1 degree of freedom: p = 2(1 − Φ(√χ²)).
    expect(sampleRatioMismatch([130, 70], [1, 1])?.pValue).toBeCloseTo(2 * (1 - normalCdf(Math.sqrt(18))), 10);
    expect(sampleRatioMismatch([0, 0], [1, 1])).toBeNull();
  });
});
