/**
 * Experiment results statistics (issue 30 item 6), pure and dependency-free so the server's results
 * and any console preview compute the same figures. Each function names the GrowthBook `gbstats`
 * function it reproduces (packages/stats/gbstats: `frequentist/tests.py` TwoSidedTTest,
 * `bayesian/tests.py` with an uninformative prior, `utils.py` check_srm); the tests hold their
 * published reference values.
 *
 * The inputs are sufficient statistics per variation: players `n`, the sum of their values and the
 * sum of squares (for a 0/1 metric both sums are the count of ones).
 */

export interface SufficientStats {
  n: number;
  sum: number;
  sumSquares: number;
}

// ---------------------------------------------------------------------------------------------
// Special functions (Numerical Recipes, 3rd ed., §6.1–6.4)

const LANCZOS = [
  57.15623566586292, -59.59796035547549, 14.136097974741746, -0.4919138160976202, 3.399464998481189e-5,
  4.652362892704858e-5, -9.837447530487956e-5, 0.0001580887032249125, -0.00021026444172410488, 0.00021743961811521265,
  -0.0001643181065367639, 8.441822398385275e-5, -2.6190838401581408e-5, 3.6899182659531625e-6,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  let y = x;
  let tmp = x + 5.2421875;
  tmp = (x + 0.5) * Math.log(tmp) - tmp;
  let ser = 0.9999999999999971;
  for (const c of LANCZOS) {
    y += 1;
    ser += c / y;
  }
  return tmp + Math.log((2.5066282746310007 * ser) / x);
}

const EPS = 1e-15;
const TINY = 1e-300;

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m += 1) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** The regularized upper incomplete gamma function Q(a, x) = 1 − P(a, x). */
export function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const gln = logGamma(a);
  if (x < a + 1) {
    // The series of P(a, x).
    let ap = a;
    let del = 1 / a;
    let sum = del;
    for (let i = 0; i < 10_000; i += 1) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * EPS) break;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - gln);
  }
  // The continued fraction of Q(a, x).
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - gln) * h;
}

/** Student's t CDF with `dof` degrees of freedom. */
export function studentTCdf(t: number, dof: number): number {
  const tail = 0.5 * incompleteBeta(dof / (dof + t * t), dof / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The standard normal CDF (via the regularized gamma: erf(x) = P(1/2, x²)). */
export function normalCdf(z: number): number {
  const half = 0.5 * upperGamma(0.5, (z * z) / 2);
  return z >= 0 ? 1 - half : half;
}

/** Invert a continuous increasing CDF by bisection (to 1e-12). */
function invert(cdf: (x: number) => number, p: number): number {
  let lo = -1;
  let hi = 1;
  while (cdf(lo) > p) lo *= 2;
  while (cdf(hi) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i += 1) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The quantile of Student's t (`scipy.stats.t.ppf`). */
export const studentTQuantile = (p: number, dof: number) => invert((x) => studentTCdf(x, dof), p);
/** The quantile of the standard normal (`scipy.stats.norm.ppf`). */
export const normalQuantile = (p: number) => invert(normalCdf, p);

// ---------------------------------------------------------------------------------------------
// Tests

/** Mean, sample variance (n − 1) and standard error of the mean; null figures below two players. */
export function summarize(s: SufficientStats): {
  mean: number | null;
  variance: number | null;
  stdError: number | null;
} {
  if (s.n < 1) return { mean: null, variance: null, stdError: null };
  const mean = s.sum / s.n;
  if (s.n < 2) return { mean, variance: null, stdError: null };
  const variance = Math.max(0, (s.sumSquares - (s.sum * s.sum) / s.n) / (s.n - 1));
  return { mean, variance, stdError: Math.sqrt(variance / s.n) };
}

/** The mean's two-sided interval (t with n − 1 degrees of freedom), or null below two players. */
export function meanInterval(s: SufficientStats, alpha = 0.05): [number, number] | null {
  const { mean, stdError } = summarize(s);
  if (mean === null || stdError === null) return null;
  const width = studentTQuantile(1 - alpha / 2, s.n - 1) * stdError;
  return [mean - width, mean + width];
}

export interface UpliftTest {
  /** Relative uplift (treatment − control) / control. */
  uplift: number;
  /** Its two-sided interval. */
  ci: [number, number];
  pValue: number;
  /** Treatment mean − control mean. */
  difference: number;
  significant: boolean;
  dof: number;
}

/** The relative uplift's point estimate and its delta-method variance (gbstats `variance_of_ratios`, no covariance). */
function relativeUplift(control: SufficientStats, treatment: SufficientStats) {
  const a = summarize(control);
  const b = summarize(treatment);
  if (a.mean === null || b.mean === null || a.variance === null || b.variance === null || a.mean === 0) return null;
  const varA = a.variance / control.n;
  const varB = b.variance / treatment.n;
  const variance = varB / a.mean ** 2 + (varA * b.mean ** 2) / a.mean ** 4;
  if (!(variance > 0)) return null;
  return { a, b, point: (b.mean - a.mean) / a.mean, variance };
}

/**
 * GrowthBook gbstats' frequentist `TwoSidedTTest` on the relative difference: delta-method variance,
 * Welch–Satterthwaite degrees of freedom, t quantile for the interval, two-sided p-value. Null when
 * it cannot be computed (fewer than two players in a variation, no variance, a control mean of 0).
 */
export function frequentistTest(control: SufficientStats, treatment: SufficientStats, alpha = 0.05): UpliftTest | null {
  const r = relativeUplift(control, treatment);
  if (!r) return null;
  const varA = (r.a.variance ?? 0) / control.n;
  const varB = (r.b.variance ?? 0) / treatment.n;
  const dof = (varA + varB) ** 2 / (varB ** 2 / (treatment.n - 1) + varA ** 2 / (control.n - 1));
  const se = Math.sqrt(r.variance);
  const width = studentTQuantile(1 - alpha / 2, dof) * se;
  const pValue = 2 * (1 - studentTCdf(Math.abs(r.point / se), dof));
  return {
    uplift: r.point,
    ci: [r.point - width, r.point + width],
    pValue,
    difference: (r.b.mean ?? 0) - (r.a.mean ?? 0),
    significant: pValue < alpha,
    dof,
  };
}

/**
 * The Bayesian chance that the treatment beats control, as gbstats' effect test with an
 * uninformative prior gives it: the relative uplift's posterior is normal around the estimate with
 * the delta-method variance; chance = P(uplift > 0), with its 95% credible interval.
 */
export function chanceToBeatControl(
  control: SufficientStats,
  treatment: SufficientStats,
): { chance: number; ci: [number, number] } | null {
  const r = relativeUplift(control, treatment);
  if (!r) return null;
  const sd = Math.sqrt(r.variance);
  const z = normalQuantile(0.975);
  return { chance: 1 - normalCdf(-r.point / sd), ci: [r.point - z * sd, r.point + z * sd] };
}

/** The p-value below which a sample ratio mismatch is flagged (GrowthBook's default). */
export const SRM_THRESHOLD = 0.001;

/**
 * Sample ratio mismatch (gbstats `check_srm`): Pearson's chi-square of the observed exposures
 * against the expected split by weight, degrees of freedom = variations with weight − 1, and its
 * p-value; flagged below 0.001. Null without exposures or with fewer than two weighted variations.
 */
export function sampleRatioMismatch(
  observed: readonly number[],
  weights: readonly number[],
): { chiSquare: number; degreesOfFreedom: number; pValue: number; flagged: boolean } | null {
  const total = observed.reduce((s, x) => s + x, 0);
  const weightTotal = weights.reduce((s, w) => s + (w > 0 ? w : 0), 0);
  if (total <= 0 || weightTotal <= 0 || observed.length !== weights.length) return null;
  let chiSquare = 0;
  let k = 0;
  observed.forEach((o, i) => {
    if (!(weights[i] > 0)) return;
    const expected = (total * weights[i]) / weightTotal;
    chiSquare += (o - expected) ** 2 / expected;
    k += 1;
  });
  if (k < 2) return null;
  const degreesOfFreedom = k - 1;
  const pValue = upperGamma(degreesOfFreedom / 2, chiSquare / 2);
  return { chiSquare, degreesOfFreedom, pValue, flagged: pValue < SRM_THRESHOLD };
}
