import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { defineResource, resourceKeySchema } from '../../resource.js';
import { optionalDocumentText } from '../../text.js';

/** Texts the game shows, per key in each console language (`content.dictionary.<key>` = `{ "zh-CN", "en-US" }`). */

const text = z
  .string({ error: 'dictionary.textRequired' })
  .trim()
  .min(1, { error: 'dictionary.textRequired' })
  .max(2000, { error: 'dictionary.textTooLong' });

export const dictionarySchema = z.object({
  key: resourceKeySchema,
  'zh-CN': text,
  'en-US': text,
  description: optionalDocumentText(500),
});
export type DictionaryEntry = z.infer<typeof dictionarySchema>;

export const dictionaryResource = defineResource({
  name: 'dictionary',
  label: zhEn('字典', 'Dictionary entry'),
  schema: dictionarySchema,
  key: 'key',
  listFields: ['key', 'zh-CN', 'en-US', 'description'],
  labels: {
    key: zhEn('键', 'Key'),
    'zh-CN': zhEn('中文', 'Chinese'),
    'en-US': zhEn('英文', 'English'),
  },
  search: ['key', 'zh-CN', 'en-US'],
  permissions: { query: ['dictQuery'], create: ['dictEdit'], edit: ['dictEdit'], delete: ['dictEdit'] },
  versioned: true,
  gameVisible: true,
  publish: (doc) => ({ 'zh-CN': doc['zh-CN'], 'en-US': doc['en-US'] }),
  routes: { list: 'settingDictionary' },
});
