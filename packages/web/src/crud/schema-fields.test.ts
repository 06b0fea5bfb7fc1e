import {
  activityRewardResource,
  configResource,
  dictionaryResource,
  experimentResource,
  giftCodeBatchBodySchema,
  giftCodeComebackMailBodySchema,
  mailBodySchema,
  playerEndpoints,
  priceSchema,
  productResource,
  staffEndpoints,
  templateBodySchema,
} from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textLimit, widgetOf } from './schema-fields';

describe('a field limit comes from the schema', () => {
  it('reads the cap of a text through optional, default, transforms and records', () => {
    expect(textLimit(dictionaryResource.body, ['zh-CN'])).toBe(2000);
    expect(textLimit(dictionaryResource.body, ['key'])).toBeUndefined();
    expect(textLimit(mailBodySchema, ['title', 'zh-CN'])).toBe(200);
    expect(textLimit(mailBodySchema, ['content', 'en-US'])).toBe(5000);
    expect(textLimit(templateBodySchema, ['name'])).toBe(100);
    expect(textLimit(playerEndpoints.freezePlayers.body!, ['reason'])).toBe(500);
    expect(textLimit(z.object({ n: z.number().max(3) }), ['n'])).toBeUndefined();
    expect(textLimit(z.object({ a: z.string().max(9).max(4).optional() }), ['a'])).toBe(4);
  });

  it('reads it inside lists and rule unions, where screens once restated it with a cutting maxLength', () => {
    expect(textLimit(experimentResource.body, ['variations', 0, 'name'])).toBe(50);
    // A key's length is part of its format rule (the format message says it), like any key's.
    expect(textLimit(configResource.body, ['events', 1, 'name'])).toBeUndefined();
    expect(textLimit(configResource.body, ['values', 0, 'label'])).toBe(100);
    expect(textLimit(configResource.body, ['events', 0, 'values', 2, 'label'])).toBe(100);
    expect(textLimit(configResource.body, ['values', 0, 'conditions', 3, 'seed'])).toBe(100);
    expect(textLimit(playerEndpoints.copyAccount.body!, ['reason'])).toBe(500);
    expect(textLimit(staffEndpoints.rejectRegistration.body!, ['reason'])).toBe(500);
  });
});

describe('a field widget comes from the schema', () => {
  const schema = z.object({
    name: z.string().max(100),
    note: z.string().max(500).default(''),
    free: z.string(),
    count: z.number().int().min(1).max(10).optional(),
    ratio: z.number().gt(0).lt(1),
    on: z.boolean().default(false),
    platform: z.enum(['android', 'ios']),
    at: z.iso.datetime().nullable(),
    tags: z.array(z.string()),
    link: z.url().max(1000),
  });
  it('gives each kind of value its widget, with the limits the schema sets', () => {
    expect(widgetOf(schema, ['name'])).toEqual({ kind: 'text', max: 100 });
    expect(widgetOf(schema, ['note'])).toEqual({ kind: 'longText', max: 500 });
    expect(widgetOf(schema, ['free'])).toEqual({ kind: 'text', max: undefined });
    expect(widgetOf(schema, ['count'])).toEqual({ kind: 'number', min: 1, max: 10, integer: true });
    expect(widgetOf(schema, ['ratio'])).toMatchObject({ kind: 'number', integer: false });
    // An exclusive bound of a decimal stays the bound; of a whole number, it is the next one.
    expect(widgetOf(schema, ['ratio'])).toMatchObject({ min: 0, max: 1 });
    expect(widgetOf(z.object({ n: z.number().int().positive() }), ['n'])).toMatchObject({ min: 1, integer: true });
    expect(widgetOf(schema, ['on'])).toEqual({ kind: 'boolean' });
    expect(widgetOf(schema, ['platform'])).toEqual({ kind: 'enum', values: ['android', 'ios'] });
    expect(widgetOf(schema, ['at'])).toEqual({ kind: 'time' });
    // A formatted string (a link, an address) is one line, however long its cap.
    expect(widgetOf(schema, ['link'])).toEqual({ kind: 'text', max: 1000 });
    expect(widgetOf(schema, ['tags'])).toEqual({ kind: 'unknown', type: 'array' });
    expect(widgetOf(schema, ['missing'])).toEqual({ kind: 'unknown' });
  });
  it('reads a resource declaration the same way', () => {
    expect(widgetOf(dictionaryResource.body, ['zh-CN'])).toEqual({ kind: 'longText', max: 2000 });
    expect(widgetOf(dictionaryResource.body, ['description'])).toEqual({ kind: 'longText', max: 500 });
  });
});

describe('the bounds the forms read from the contracts (none restated by hand)', () => {
  const range = (schema: unknown, path: (string | number)[]) => {
    const w = widgetOf(schema, path);
    return w.kind === 'number' ? [w.min, w.max, w.integer] : w.kind;
  };
  it('A/B tests: weights, traffic, forced players', () => {
    expect(range(experimentResource.body, ['variations', 0, 'weight'])).toEqual([1, 99, false]);
    expect(range(experimentResource.body, ['coverage'])).toEqual([0.01, 100, false]);
    expect(range(experimentResource.body, ['forced', 0, 'userId'])).toEqual([1, Number.MAX_SAFE_INTEGER, true]);
  });
  it('gift codes: count, limits, days', () => {
    expect(range(giftCodeBatchBodySchema, ['codeCount'])).toEqual([1, 1_000_000, true]);
    expect(range(giftCodeBatchBodySchema, ['totalLimit'])).toEqual([1, 100_000_000, true]);
    expect(range(giftCodeBatchBodySchema, ['perPlayerLimit'])).toEqual([1, 100, true]);
    expect(range(giftCodeComebackMailBodySchema, ['notLoginDays'])).toEqual([1, 3650, true]);
  });
  it('store: level cap, cost, price, goals', () => {
    expect(range(productResource.body, ['maxLevel'])).toEqual([0, 1000, true]);
    expect(range(productResource.body, ['cost', 'amount'])).toEqual([1, 1_000_000_000, true]);
    expect(range(priceSchema, ['amount'])).toEqual([0, 1_000_000, false]);
    expect(range(activityRewardResource.body, ['rows', 0, 'goal'])).toEqual([1, 1_000_000_000, true]);
  });
});
