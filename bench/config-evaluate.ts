import { GrowthBookClient } from '@growthbook/growthbook';
import { compileRemoteConfig, evaluateConfig } from '@rookery/contracts';
import { configFixtures, growthBookFeatures } from './config-fixtures.js';
import { assertRight, log, percentile, resultLine } from './harness.js';

/**
 * `config-evaluate`: evaluating the 200 fields of `config-fixtures` for one player, ours (the
 * compiled snapshot, `evaluateConfig`) against GrowthBook's JavaScript SDK evaluating the same
 * fields as features with equivalent rules (a scoped instance per player, every feature's value).
 * Target: ours ≥ 5× faster per player. No database: pure CPU.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000);
const countries = ['US', 'CN', 'JP', 'DE', 'BR', 'KR', 'FR', 'GB'];
const languages = ['en-US', 'zh-CN', 'ja-JP', 'de-DE', 'pt-BR', 'ko-KR', 'fr-FR', 'en-GB'];

export async function benchConfigEvaluate(): Promise<string> {
  const userIds = Array.from({ length: 2000 }, (_, i) => 100_000 + i * 37);
  const now = Date.now();
  const { fields, overrides } = configFixtures(userIds.slice(0, 100), now);
  const compiled = compileRemoteConfig({ fields, overrides, version: 'bench' });
  const client = new GrowthBookClient().initSync({
    payload: { features: growthBookFeatures(fields, overrides) as never },
  });
  const keys = fields.map((f) => f.name);
  // A player as the server reads one: a new attributes object per evaluation.
  const player = (i: number) => {
    const userId = userIds[(i * 7919) % userIds.length];
    const c = userId % 8;
    return {
      userId,
      os: userId % 3 ? 'android' : 'ios',
      appVersion: `1.${userId % 5}.${userId % 3}`,
      appLanguage: languages[c],
      country: countries[c],
      userType: userId % 17 === 0 ? 'payment' : 'normal',
      habitatCount: userId % 12,
    };
  };
  const ours = (i: number) => {
    const { userId, ...attrs } = player(i);
    return evaluateConfig(compiled, { userId, attrs }, now);
  };
  const theirs = (i: number) => {
    const p = player(i);
    const gb = client.createScopedInstance({
      attributes: { ...p, id: p.userId, appLanguagePrimary: p.appLanguage.split('-')[0], now },
    });
    const out: Record<string, unknown> = {};
    for (const key of keys) out[key] = gb.getFeatureValue(key, null as unknown);
    return out;
  };
  // Same answers first: the comparison is only fair if both compute the same thing. Percent
  // rollouts pick the same share with different hashes (Firebase's SHA-256 against GrowthBook's
  // FNV-1a), so those fields are compared by share, the others value by value.
  const rollouts = new Set(
    fields.filter((f) => f.values.some((v) => v.conditions.some((c) => c.attr === 'percent'))).map((f) => f.name),
  );
  let differ = 0;
  const share = { ours: 0, theirs: 0, n: 0 };
  for (let i = 0; i < 2000; i += 1) {
    const x = ours(i);
    const y = theirs(i);
    for (const key of keys) {
      if (rollouts.has(key)) {
        share.n += 1;
        if (x[key] !== fields.find((f) => f.name === key)!.defaultValue) share.ours += 1;
        if (y[key] !== fields.find((f) => f.name === key)!.defaultValue) share.theirs += 1;
      } else if (JSON.stringify(x[key]) !== JSON.stringify(y[key])) differ += 1;
    }
  }
  if (differ > 0) throw new Error(`${differ} field values differ from GrowthBook's`);
  // The percent rollouts (30 % of players each) on their own: each side picks about 30 % of the
  // 2,000 players, and the mixed fields (rollout after other rules) are off the default alike.
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  let rolloutsChecked = 0;
  for (const name of rollouts) {
    const field = fields.find((f) => f.name === name)!;
    const values = field.values.filter((v) => v.conditions.some((c) => c.attr === 'percent'));
    // A rollout whose value is the default (a boolean field may draw it) cannot be seen.
    if (rolloutsChecked >= 5 || same(values[0].value, field.defaultValue)) continue;
    const alone = { ...field, values, events: [] };
    const oursAlone = compileRemoteConfig({ fields: [alone], overrides: [], version: 'share' });
    const theirsAlone = new GrowthBookClient().initSync({
      payload: { features: growthBookFeatures([alone], []) as never },
    });
    let inOurs = 0;
    let inTheirs = 0;
    for (const userId of userIds) {
      if (same(evaluateConfig(oursAlone, { userId, attrs: {} }, now)[name], values[0].value)) inOurs += 1;
      const gb = theirsAlone.createScopedInstance({ attributes: { id: userId, now } });
      if (same(gb.getFeatureValue(name, null as unknown), values[0].value)) inTheirs += 1;
    }
    for (const [who, n] of [
      ['ours', inOurs],
      ['GrowthBook', inTheirs],
    ] as const)
      assertRight(
        Math.abs(n / userIds.length - 0.3) <= 0.04,
        `${name}: ${who} rolls out to ${n} of ${userIds.length}, not about 30 %`,
      );
    rolloutsChecked += 1;
  }
  assertRight(rolloutsChecked >= 3, `only ${rolloutsChecked} rollout fields could be checked`);
  assertRight(
    share.n > 0 && Math.abs(share.ours - share.theirs) / share.n <= 0.03,
    `rollout fields off the default: ours ${share.ours}, GrowthBook ${share.theirs} of ${share.n}`,
  );
  log(
    `answers equal on ${keys.length - rollouts.size} fields × 2000 players; rollout fields off the default: ours ${((share.ours / share.n) * 100).toFixed(1)} %, GrowthBook ${((share.theirs / share.n) * 100).toFixed(1)} %`,
  );

  const timeOf = (fn: (i: number) => unknown, from: number, n: number) => {
    const t = process.hrtime.bigint();
    for (let i = from; i < from + n; i += 1) fn(i);
    return Number(process.hrtime.bigint() - t) / 1e3 / n;
  };
  timeOf(ours, 0, 500);
  timeOf(theirs, 0, 500);
  const slices = 20;
  const per = Math.max(10, Math.round(ROUNDS / slices));
  const a: number[] = [];
  const b: number[] = [];
  for (let s = 0; s < slices; s += 1) {
    a.push(timeOf(ours, s * per, per));
    b.push(timeOf(theirs, s * per, per));
  }
  const median = (xs: number[]) => percentile(xs, 50);
  return resultLine(
    'config-evaluate',
    `${median(a).toFixed(1)} µs per player for 200 fields (30 × 3 conditional values, 5 event configs, 10 overrides)`,
    median(b.map((x, i) => x / a[i])),
    `GrowthBook JS SDK ${median(b).toFixed(1)} µs per player on the same fields as features; median of ${slices} alternating slices`,
  );
}
