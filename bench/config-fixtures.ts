import {
  type AbLayer,
  type ConfigField,
  type ConfigOverride,
  type ConfigValueType,
  configFieldSchema,
  configOverrideSchema,
  type Experiment,
  experimentSchema,
} from '@rookery/contracts';

/**
 * The remote config of the config benchmarks (issue 11): 200 fields, 30 of them with 3
 * conditional values each (country, OS + version, language + payer, and a percent rollout),
 * 5 active event configs and 10 tester overrides of 10 players each. The same set expressed as
 * GrowthBook features for `config-evaluate`.
 */

const DAY = 86_400_000;
const types: ConfigValueType[] = ['number', 'string', 'boolean', 'json'];
const sampleValue = (type: ConfigValueType, i: number): unknown =>
  type === 'number' ? i : type === 'string' ? `v${i}` : type === 'boolean' ? i % 2 === 0 : { level: i, tags: ['a'] };

const countries = ['US', 'CN', 'JP', 'DE', 'BR', 'KR', 'FR', 'GB'];

/** The three conditional values of the i-th conditional field, as operators write them. */
const conditionalValues = (i: number, type: ConfigValueType) => [
  {
    label: 'countries',
    conditions: [{ attr: 'country', op: 'include', value: [countries[i % 8], countries[(i + 3) % 8]] }],
    value: sampleValue(type, i + 1000),
  },
  {
    label: 'new clients',
    conditions: [
      { attr: 'os', op: 'equal', value: i % 2 ? 'ios' : 'android' },
      { attr: 'appVersion', op: 'gte', value: `1.${i % 4}.0` },
    ],
    value: sampleValue(type, i + 2000),
  },
  i % 3 === 0
    ? {
        label: 'rollout',
        conditions: [{ attr: 'percent', op: 'lte', seed: `f${i}`, value: 30 }],
        value: sampleValue(type, i + 3000),
      }
    : {
        label: 'payers',
        conditions: [
          { attr: 'userType', op: 'equal', value: 'payment' },
          { attr: 'appLanguage', op: 'include', value: ['en', 'zh'] },
        ],
        value: sampleValue(type, i + 3000),
      },
];

export function configFixtures(overrideUserIds: number[], now = Date.now()) {
  const fields: ConfigField[] = [];
  for (let i = 0; i < 200; i += 1) {
    const type = types[i % 4];
    const events =
      i >= 30 && i < 35
        ? [
            {
              name: `event${i}`,
              effectiveAt: new Date(now - DAY).toISOString(),
              expireAt: new Date(now + 30 * DAY).toISOString(),
              values: [
                {
                  label: 'event',
                  conditions: [{ attr: 'habitatCount', op: 'gte', value: i % 6 }],
                  value: sampleValue(type, i + 4000),
                },
              ],
            },
          ]
        : [];
    fields.push(
      configFieldSchema.parse({
        name: `field${i}`,
        type,
        defaultValue: sampleValue(type, i),
        description: `Benchmark field ${i}`,
        values: i < 30 ? conditionalValues(i, type) : [],
        events,
      }),
    );
  }
  const overrides: ConfigOverride[] = [];
  for (let k = 0; k < 10; k += 1) {
    const field = fields[k * 7];
    overrides.push(
      configOverrideSchema.parse({
        name: `qa${k}`,
        field: field.name,
        userIds: overrideUserIds.slice(k * 10, k * 10 + 10),
        value: sampleValue(field.type, 9000 + k),
        endAt: new Date(now + 7 * DAY).toISOString(),
      }),
    );
  }
  return { fields, overrides };
}

/**
 * The A/B part of the config benchmark (issue 30): two layers of five running experiments each,
 * every experiment owning a fifth of its layer with three variations changing one field of its
 * own (fields 100 … 109), half of them targeting two countries. Saved as running (phase 1), as
 * the lifecycle leaves them after a run.
 */
export function experimentFixtures(fields: readonly ConfigField[], now = Date.now()) {
  const layers: AbLayer[] = [
    { name: 'home', description: 'Home screen tests' },
    { name: 'shop', description: 'Shop tests' },
  ];
  const experiments: Experiment[] = [];
  for (let k = 0; k < 10; k += 1) {
    const field = fields[100 + k];
    const weights = k % 2 ? [34, 33, 33] : [50, 25, 25];
    experiments.push(
      experimentSchema.parse({
        key: `exp${k}`,
        name: `Benchmark experiment ${k}`,
        layer: layers[k % 2].name,
        configFields: [field.name],
        targeting: k % 2 ? [{ attr: 'country', op: 'include', value: [countries[k % 8], countries[(k + 1) % 8]] }] : [],
        coverage: 20,
        variations: weights.map((weight, v) => ({
          name: v === 0 ? 'control' : `variant${v}`,
          weight,
          variables: [{ field: field.name, value: sampleValue(field.type, 5000 + k * 10 + v) }],
        })),
        status: 'running',
        phase: 1,
        ranges: [[Math.floor(k / 2) * 2000, Math.floor(k / 2) * 2000 + 2000]],
        phases: [{ startedAt: new Date(now - DAY).toISOString(), stoppedAt: null, weights, coverage: 20 }],
      }),
    );
  }
  return { layers, experiments };
}

type GbCondition = Record<string, unknown>;
interface GbRule {
  condition?: GbCondition;
  force: unknown;
  coverage?: number;
  hashAttribute?: string;
  seed?: string;
  hashVersion?: number;
}

/** One rule's condition in GrowthBook's MongoDB-like syntax. */
function gbCondition(rules: readonly { attr: string; op: string; value: unknown }[]): GbCondition {
  const out: GbCondition = {};
  for (const r of rules) {
    if (r.attr === 'percent') continue;
    const key = r.attr === 'userType' ? 'userType' : r.attr;
    if (r.attr === 'appVersion') out[key] = { [r.op === 'gte' ? '$vgte' : r.op === 'lte' ? '$vlte' : '$veq']: r.value };
    else if (r.attr === 'appLanguage' && r.op === 'include')
      // Ours matches a rule language without region against every region: `en` covers `en-US`.
      out.appLanguagePrimary = { $in: r.value };
    else if (r.op === 'include') out[key] = { $in: r.value };
    else if (r.op === 'exclude') out[key] = { $nin: r.value };
    else if (r.op === 'gte') out[key] = { $gte: r.value };
    else if (r.op === 'lte') out[key] = { $lte: r.value };
    else out[key] = r.value;
  }
  return out;
}

/**
 * The same fields as GrowthBook features, rule for rule: overrides first (user ID in the list,
 * before the end time), then the active event configs (the clock as an attribute), then the
 * global conditional values (a percent rule as a force rule with coverage on the user ID).
 */
export function growthBookFeatures(fields: ConfigField[], overrides: ConfigOverride[]) {
  const features: Record<string, { defaultValue: unknown; rules: GbRule[] }> = {};
  for (const f of fields) {
    const rules: GbRule[] = [];
    for (const o of overrides)
      if (o.field === f.name)
        rules.push({ condition: { id: { $in: o.userIds }, now: { $lt: Date.parse(o.endAt) } }, force: o.value });
    for (const e of f.events)
      for (const v of e.values)
        rules.push({
          condition: {
            now: { $gte: Date.parse(e.effectiveAt), $lt: Date.parse(e.expireAt) },
            ...gbCondition(v.conditions),
          },
          force: v.value,
        });
    for (const v of f.values) {
      const percent = v.conditions.find((c) => c.attr === 'percent');
      rules.push({
        condition: gbCondition(v.conditions),
        force: v.value,
        ...(percent
          ? { coverage: (percent.value as number) / 100, hashAttribute: 'id', seed: percent.seed, hashVersion: 2 }
          : {}),
      });
    }
    features[f.name] = { defaultValue: f.defaultValue, rules };
  }
  return features;
}
