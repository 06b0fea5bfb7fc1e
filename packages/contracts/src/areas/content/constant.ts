import { z } from 'zod';
import { type Label, zhEn } from '../../bilingual.js';
import { defineResource, resourceKeySchema } from '../../resource.js';
import { optionalDocumentText } from '../../text.js';
import { MAX_JSON_VALUE, type ValueType, valueTypeError, valueTypes } from '../../value-types.js';

/** Named game constants the game reads from the content snapshot (`content.constant.<name>` = the value). */

export const constantTypes = valueTypes;
export type ConstantType = ValueType;
export const constantTypeLabels: Record<ConstantType, Label> = {
  number: zhEn('数字', 'Number'),
  string: zhEn('字符串', 'String'),
  boolean: zhEn('布尔', 'Boolean'),
  json: zhEn('JSON', 'JSON'),
  text: zhEn('文本（字典键）', 'Text (dictionary key)'),
};

/** Largest JSON value of one constant, in characters. */
export const MAX_CONSTANT_JSON = MAX_JSON_VALUE;

function checkValue(doc: { type: ConstantType; value?: unknown }, ctx: z.RefinementCtx) {
  const error = valueTypeError(doc.type, doc.value);
  if (error) ctx.addIssue({ code: 'custom', path: ['value'], message: error });
}

export const constantSchema = z
  .object({
    name: resourceKeySchema,
    type: z.enum(constantTypes, { error: 'constant.type' }),
    /** A number, string, boolean or any JSON value as the type says; `text`: a dictionary key. */
    value: z.unknown(),
    description: optionalDocumentText(500),
  })
  .superRefine(checkValue);
export type Constant = z.infer<typeof constantSchema>;

export const constantResource = defineResource({
  name: 'constant',
  label: zhEn('常量', 'Constant'),
  schema: constantSchema,
  key: 'name',
  listFields: ['name', 'type', 'value', 'description'],
  list: {
    filters: {
      type: { kind: 'enum', field: 'type', values: constantTypeLabels },
      window: { kind: 'state', label: zhEn('生效状态', 'Window') },
    },
    sort: ['name', 'type', 'updatedAt'],
    export: ['name', 'type', 'value', 'description', 'effectiveAt', 'expireAt', 'version', 'updatedBy', 'updatedAt'],
  },
  search: ['name', 'description'],
  permissions: { query: ['constQuery'], create: ['constEdit'], edit: ['constEdit'], delete: ['constEdit'] },
  versioned: true,
  gameVisible: true,
  window: true,
  publish: (doc) => doc.value,
  references: [{ field: 'value', kind: 'dictionary', keys: (doc) => (doc.type === 'text' ? [String(doc.value)] : []) }],
  routes: { list: 'settingConstant', edit: 'settingConstantAdd' },
});
