import {
  configResource,
  dictionaryResource,
  experimentResource,
  mailBodySchema,
  playerEndpoints,
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
