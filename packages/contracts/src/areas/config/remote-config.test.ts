import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { microPercentile } from '../../percent.js';
import { constantTypeLabels, constantTypes } from '../content/constant.js';
import {
  type ConfigPlayer,
  compileRemoteConfig,
  type ExperimentVariables,
  evaluateConfig,
  explainConfig,
} from './remote-config.js';
import {
  type ConfigField,
  type ConfigOverride,
  configEventState,
  configFieldSchema,
  configOverrideSchema,
  configValueTypeLabels,
  configValueTypes,
} from './resources.js';

const field = (f: z.input<typeof configFieldSchema>): ConfigField =>
  configFieldSchema.parse({ description: '', values: [], events: [], ...f });

const T0 = Date.parse('2026-06-01T00:00:00Z');
const HOUR = 3_600_000;
const cn = { userId: 1, attrs: { os: 'android', appVersion: '2.1.0', appLanguage: 'zh-CN', country: 'CN' } };
const us = {
  userId: 2,
  attrs: { os: 'ios', appVersion: '1.9', appLanguage: 'en-US', country: 'us', userType: 'payment' },
};
const jp = { userId: 3, attrs: { os: 'ios', appVersion: '3.0.0', appLanguage: 'ja', country: 'JP', habitatCount: 7 } };

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('config field documents', () => {
  it('checks every value against the field type, naming the field', () => {
    const r = configFieldSchema.safeParse({
      name: 'shopPrice',
      type: 'number',
      defaultValue: 'ten',
      values: [
        { conditions: [{ attr: 'country', op: 'equal', value: 'CN' }], value: 5 },
        { conditions: [], value: true },
      ],
      events: [
        {
          name: 'sale',
          effectiveAt: '2026-06-02T00:00:00Z',
          expireAt: '2026-06-01T00:00:00Z',
          values: [{ value: '1' }],
        },
      ],
    });
    expect(issues(r)).toEqual([
      'defaultValue:constant.valueNumber',
      'values.1.value:constant.valueNumber',
      'events.0.expireAt:resource.expireAfterEffective',
      'events.0.values.0.value:constant.valueNumber',
    ]);
  });

  it('checks rules: shared attributes, percent rules and their bounds', () => {
    const bad = configFieldSchema.safeParse({
      name: 'x',
      type: 'boolean',
      defaultValue: false,
      values: [
        { conditions: [{ attr: 'country', op: 'gte', value: 'CN' }], value: true },
        { conditions: [{ attr: 'percent', op: 'between', value: [60, 20] }], value: true },
        { conditions: [{ attr: 'percent', op: 'lte', value: 120 }], value: true },
        { conditions: [{ attr: 'os', op: 'equal', value: 'android', seed: 's' }], value: true },
        { conditions: [{ attr: 'height', op: 'equal', value: 1 }], value: true },
      ],
    });
    expect(issues(bad)).toEqual([
      'values.0.conditions.0.op:cond.opNotAllowed',
      'values.1.conditions.0.value:cond.rangeOrder',
      'values.2.conditions.0.value:cond.percent',
      'values.3.conditions.0.seed:config.seedPercentOnly',
      'values.4.conditions.0.attr:cond.attr',
    ]);
    const good = configFieldSchema.safeParse({
      name: 'x',
      type: 'json',
      defaultValue: { a: [1, 2] },
      values: [{ conditions: [{ attr: 'percent', op: 'between', seed: 'exp', value: [10, 20.5] }], value: null }],
    });
    expect(good.success, JSON.stringify(good.error)).toBe(true);
  });

  it('an override lists user IDs once and needs a value and an end', () => {
    const r = configOverrideSchema.safeParse({ name: 'qa', field: 'f', userIds: [5, 5], endAt: 'tomorrow' });
    expect(issues(r).sort()).toEqual(['endAt:v.invalidDate', 'userIds:config.userIdsRepeated', 'value:v.required']);
    const r2 = configOverrideSchema.safeParse({
      name: 'qa',
      field: 'f',
      userIds: [5, 5],
      endAt: '2026-06-01T00:00:00Z',
    });
    expect(issues(r2).sort()).toEqual(['userIds:config.userIdsRepeated', 'value:v.required']);
  });

  it('event state follows the window', () => {
    const e = { effectiveAt: new Date(T0).toISOString(), expireAt: new Date(T0 + HOUR).toISOString() };
    expect(configEventState(e, T0 - 1)).toBe('scheduled');
    expect(configEventState(e, T0)).toBe('active');
    expect(configEventState(e, T0 + HOUR)).toBe('expired');
  });
});

describe('evaluation', () => {
  const fields = [
    field({
      name: 'greeting',
      type: 'string',
      defaultValue: 'hello',
      values: [
        { label: 'China', conditions: [{ attr: 'country', op: 'equal', value: 'cn' }], value: '你好' },
        {
          label: 'iOS 2+',
          conditions: [
            { attr: 'os', op: 'equal', value: 'ios' },
            { attr: 'appVersion', op: 'gte', value: '2.0' },
          ],
          value: 'hi iOS',
        },
        { label: 'English', conditions: [{ attr: 'appLanguage', op: 'include', value: ['en'] }], value: 'hi' },
      ],
    }),
    field({
      name: 'energyCap',
      type: 'number',
      defaultValue: 100,
      values: [{ label: 'payers', conditions: [{ attr: 'userType', op: 'equal', value: 'payment' }], value: 150 }],
      events: [
        {
          name: 'weekend',
          effectiveAt: new Date(T0).toISOString(),
          expireAt: new Date(T0 + 48 * HOUR).toISOString(),
          values: [
            { label: 'veterans', conditions: [{ attr: 'habitatCount', op: 'gte', value: 5 }], value: 300 },
            { label: '', conditions: [{ attr: 'country', op: 'include', value: ['CN', 'JP'] }], value: 200 },
          ],
        },
      ],
    }),
  ];
  const overrides: ConfigOverride[] = [
    {
      name: 'qa-cap',
      field: 'energyCap',
      userIds: [2, 9],
      value: 999,
      endAt: new Date(T0 + HOUR).toISOString(),
      description: '',
    },
    {
      name: 'bad-type',
      field: 'greeting',
      userIds: [1],
      value: 5,
      endAt: new Date(T0 + HOUR).toISOString(),
      description: '',
    },
  ];
  const compiled = compileRemoteConfig({ fields, overrides, version: 'v1' });

  it('gives each player exactly their value, first match winning', () => {
    const before = T0 - HOUR;
    expect(evaluateConfig(compiled, cn, before)).toEqual({ energyCap: 100, greeting: '你好' });
    expect(evaluateConfig(compiled, us, before)).toEqual({ energyCap: 999, greeting: 'hi' });
    expect(evaluateConfig(compiled, jp, before)).toEqual({ energyCap: 100, greeting: 'hi iOS' });
    expect(evaluateConfig(compiled, { userId: 4, attrs: {} }, before)).toEqual({ energyCap: 100, greeting: 'hello' });
  });

  it('applies an event config only inside its window, then falls back to global', () => {
    const inside = T0 + HOUR;
    expect(evaluateConfig(compiled, cn, inside).energyCap).toBe(200);
    expect(evaluateConfig(compiled, jp, inside).energyCap).toBe(300);
    // No event value matches the US payer: the global config answers; the override ended at T0+1h.
    expect(evaluateConfig(compiled, us, inside).energyCap).toBe(150);
    expect(evaluateConfig(compiled, us, inside - 1).energyCap).toBe(999);
    expect(evaluateConfig(compiled, cn, T0 + 48 * HOUR).energyCap).toBe(100);
    expect(evaluateConfig(compiled, cn, T0 - 1).energyCap).toBe(100);
  });

  it('explains every field: override, experiment, event, global, default', () => {
    const experiments: ExperimentVariables = (p) =>
      p.userId === 3 ? new Map([['greeting', { value: 'B!', experiment: 'greet-test', variation: 'B' }]]) : undefined;
    const at = T0 + 30 * 60_000;
    const byName = (userId: ConfigPlayer) =>
      Object.fromEntries(explainConfig(compiled, userId, at, experiments).map((f) => [f.name, f]));
    expect(byName(us).energyCap).toMatchObject({ source: 'override', override: 'qa-cap', value: 999 });
    expect(byName(jp).greeting).toMatchObject({ source: 'experiment', experiment: 'greet-test', variation: 'B' });
    expect(byName(jp).energyCap).toMatchObject({ source: 'event', event: 'weekend', valueIndex: 0, label: 'veterans' });
    expect(byName(cn).greeting).toMatchObject({ source: 'global', valueIndex: 0, label: 'China', value: '你好' });
    expect(byName({ userId: 8, attrs: {} }).greeting).toMatchObject({ source: 'default', value: 'hello' });
    // An override whose value does not fit the field's type is ignored (and listed).
    expect(compiled.ignoredOverrides).toEqual(['bad-type']);
    // Explain and evaluate agree.
    for (const p of [cn, us, jp])
      expect(Object.fromEntries(explainConfig(compiled, p, at, experiments).map((f) => [f.name, f.value]))).toEqual(
        evaluateConfig(compiled, p, at, experiments),
      );
  });

  it('splits 10,000 user IDs by a percent rule within ±2% of its share, the same way every time', () => {
    const split = compileRemoteConfig({
      version: 'v',
      overrides: [],
      fields: [
        field({
          name: 'newShop',
          type: 'boolean',
          defaultValue: false,
          values: [{ conditions: [{ attr: 'percent', op: 'lte', seed: 'shop', value: 30 }], value: true }],
        }),
        field({
          name: 'band',
          type: 'string',
          defaultValue: 'none',
          values: [{ conditions: [{ attr: 'percent', op: 'between', seed: 'shop', value: [30, 55] }], value: 'mid' }],
        }),
      ],
    });
    let on = 0;
    let mid = 0;
    for (let id = 1; id <= 10_000; id += 1) {
      const v = evaluateConfig(split, { userId: id, attrs: {} }, T0);
      if (v.newShop) on += 1;
      if (v.band === 'mid') mid += 1;
      // Same seed, adjacent ranges: no player is in both.
      expect(v.newShop && v.band === 'mid').toBe(false);
      if (id % 1000 === 0) expect(evaluateConfig(split, { userId: id, attrs: {} }, T0 + HOUR)).toEqual(v);
      expect(v.newShop).toBe(microPercentile('shop', id) <= 30_000_000);
    }
    expect(Math.abs(on / 10_000 - 0.3)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(mid / 10_000 - 0.25)).toBeLessThanOrEqual(0.02);
  });
});

describe('value types', () => {
  it("are the constants' types without text, in the same words", () => {
    expect([...configValueTypes]).toEqual(['string', 'number', 'boolean', 'json']);
    for (const type of configValueTypes) {
      expect(constantTypes).toContain(type);
      expect(configValueTypeLabels[type]).toEqual(constantTypeLabels[type]);
    }
    expect(configValueTypeLabels.json).toEqual({ 'zh-CN': 'JSON', 'en-US': 'JSON' });
    expect(configValueTypeLabels.string).toEqual({ 'zh-CN': '字符串', 'en-US': 'String' });
  });
});
