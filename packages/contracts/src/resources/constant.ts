import { z } from 'zod';
import { type Label, l } from '../permissions.js';
import { defineResource, resourceKeySchema } from '../resource.js';

/** Named game constants the game reads from the content snapshot (`content.constant.<name>` = the value). */

export const constantTypes = ['number', 'string', 'boolean', 'json', 'text'] as const;
export type ConstantType = (typeof constantTypes)[number];
export const constantTypeLabels: Record<ConstantType, Label> = {
  number: l('数字', 'Number'),
  string: l('字符串', 'String'),
  boolean: l('布尔', 'Boolean'),
  json: l('JSON', 'JSON'),
  text: l('文本（字典键）', 'Text (dictionary key)'),
};

/** Largest JSON value of one constant, in characters. */
export const MAX_CONSTANT_JSON = 65_536;

function checkValue(doc: { type: ConstantType; value?: unknown }, ctx: z.RefinementCtx) {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
  const v = doc.value;
  if (v === undefined) return issue('v.required');
  switch (doc.type) {
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) issue('constant.valueNumber');
      return;
    case 'string':
      if (typeof v !== 'string') issue('constant.valueString');
      else if (v.length > 10_000) issue('constant.valueTooLong');
      return;
    case 'boolean':
      if (typeof v !== 'boolean') issue('constant.valueBoolean');
      return;
    case 'text':
      if (typeof v !== 'string' || !resourceKeySchema.safeParse(v).success) issue('constant.valueText');
      return;
    case 'json':
      if (JSON.stringify(v).length > MAX_CONSTANT_JSON) issue('constant.valueTooLong');
      return;
  }
}

export const constantSchema = z
  .object({
    name: resourceKeySchema,
    type: z.enum(constantTypes, { error: 'constant.type' }),
    /** A number, string, boolean or any JSON value as the type says; `text`: a dictionary key. */
    value: z.unknown(),
    description: z.string({ error: 'v.required' }).max(500).default(''),
  })
  .superRefine(checkValue);
export type Constant = z.infer<typeof constantSchema>;

export const constantResource = defineResource({
  name: 'constant',
  label: l('常量', 'Constant'),
  schema: constantSchema,
  key: 'name',
  listFields: ['name', 'type', 'value', 'description'],
  labels: {
    name: l('名称', 'Name'),
    type: l('类型', 'Type'),
    value: l('值', 'Value'),
    description: l('说明', 'Description'),
  },
  list: {
    filters: {
      type: { kind: 'enum', field: 'type', values: constantTypeLabels },
      window: { kind: 'state', label: l('生效状态', 'Window') },
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
