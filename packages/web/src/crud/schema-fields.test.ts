import { dictionaryResource, mailBodySchema, playerEndpoints, templateBodySchema } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textLimit } from './schema-fields';

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
});
