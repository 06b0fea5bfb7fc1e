import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldLabel, listItemLabel } from './index.js';
import { type Resource, resourceFieldLabel, resourceMetaFields, serverOwnedFields } from './resource.js';
import { resources } from './resources/index.js';

/** Every field name a document of `schema` can hold, with whether it holds a list of records. */
function fieldNames(schema: z.ZodType, out = new Map<string, boolean>(), seen = new Set<unknown>()) {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown) => fieldNames(s as z.ZodType, out, seen);
  switch (def.type) {
    case 'object':
      for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        out.set(name, out.get(name) || holdsRecords(field));
        walk(field);
      }
      break;
    case 'array':
      walk(def.element);
      break;
    case 'union':
      for (const o of def.options as unknown[]) walk(o);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'record':
      walk(def.valueType);
      break;
    case 'tuple':
      for (const o of def.items as unknown[]) walk(o);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)());
      break;
    default:
      if ('innerType' in def) walk(def.innerType);
  }
  return out;
}

/** Whether a field holds a list of records (its items are named "第 1 个…" / "… 1"). */
function holdsRecords(schema: z.ZodType): boolean {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  if ('innerType' in def) return holdsRecords(def.innerType as z.ZodType);
  if (def.type === 'pipe') return holdsRecords(def.in as z.ZodType);
  if (def.type !== 'array') return false;
  const item = (def.element as { _zod: { def: { type: string } } })._zod.def.type;
  return item === 'object' || item === 'union' || item === 'tuple';
}

describe('every field of every declared resource has a name in both languages (no raw path in a change table)', () => {
  for (const resource of Object.values(resources) as Resource[]) {
    it(resource.name, () => {
      const names = fieldNames(resource.schema);
      const top = new Set(Object.keys(resource.schema.shape));
      const missing: string[] = [];
      for (const [name, records] of names) {
        for (const locale of ['zh-CN', 'en-US'] as const) {
          const label = top.has(name) ? resourceFieldLabel(resource, name)?.[locale] : fieldLabel(name, locale);
          if (!label && !fieldLabel(name, locale)) missing.push(`${name} (${locale})`);
          if (records && !listItemLabel(name, locale)) missing.push(`${name} item (${locale})`);
        }
      }
      // The kit's fields show in the system log's before and after.
      for (const name of [...resourceMetaFields, ...serverOwnedFields(resource)])
        for (const locale of ['zh-CN', 'en-US'] as const)
          if (!resourceFieldLabel(resource, name)?.[locale]) missing.push(`${name} (${locale})`);
      expect(missing).toEqual([]);
    });
  }
});
