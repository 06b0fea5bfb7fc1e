import { z } from 'zod';
import type { AccessRule } from './access.js';
import { type Label, zhEn } from './bilingual.js';
import { codedValues } from './enums.js';
import { isoDateTime } from './fields.js';

/**
 * What a resource's list offers operators beyond search and paging (issue 27 item 4), declared
 * once on the resource: filters and sort fields (validated by the list's query schema, applied in
 * SQL), computed columns (the server gives the function), row and bulk actions (an endpoint
 * each) and a CSV export of the filtered list. The console builds its list from the same words.
 */

/** Where an item stands against its window (the service clock decides): before, inside, after. */
export const { codes: windowStates, labels: windowStateLabels } = codedValues({
  scheduled: zhEn('未开始', 'Scheduled'),
  active: zhEn('生效中', 'Active'),
  expired: zhEn('已过期', 'Expired'),
});
export type WindowState = (typeof windowStates)[number];

/** A window's state at `now` (ms); no bounds at all is active. */
export function windowStateAt(
  from: string | null | undefined,
  to: string | null | undefined,
  now: number,
): WindowState {
  if (from && now < Date.parse(from)) return 'scheduled';
  return to && now >= Date.parse(to) ? 'expired' : 'active';
}

/** One declared filter of a list; `label` defaults to the field's declared label. */
export type ListFilter<F extends string = string> =
  /** One of the coded values of a field, chosen from their labels. */
  | { kind: 'enum'; field: F; values: Readonly<Record<string, Label>>; label?: Label }
  /** Scheduled / active / expired at the service clock: by the item's window, or by two time fields of the document. */
  | { kind: 'state'; from?: F; to?: F; label?: Label }
  /** A number field between a minimum and a maximum (each optional, inclusive). */
  | { kind: 'numberRange'; field: F; label?: Label }
  /** A time field between two times (each optional, inclusive). */
  | { kind: 'timeRange'; field: F; label?: Label }
  /** A field naming an item of another resource, chosen with a picker. */
  | { kind: 'reference'; field: F; resource: string; label?: Label };

/** A column the server computes for each listed item (`computed` of the server's registration). */
export interface ListComputed {
  label: Label;
  /** Coded values and their labels (a state); none: a number or a text. */
  values?: Readonly<Record<string, Label>>;
  number?: boolean;
}

/** A row or bulk action: a console endpoint `<resource><Action>` over the chosen keys. */
export interface ListAction {
  label: Label;
  /** The audit sentence, `{<resource>}` standing for the item ("ended {maintenanceWindow} now"). */
  sentence: Label;
  /** What it does, stated in the confirmation. */
  consequence: Label;
  permission: AccessRule;
  /** Offered on each row, on a selection, or both. */
  row?: boolean;
  bulk?: boolean;
  danger?: boolean;
}

/** The kit's own fields a list may sort by or export. */
export const { codes: kitListFields, labels: kitFieldLabels } = codedValues({
  updatedAt: zhEn('更新时间', 'Updated at'),
  updatedBy: zhEn('更新人', 'Updated by'),
  version: zhEn('版本', 'Version'),
  effectiveAt: zhEn('生效时间', 'Effective from'),
  expireAt: zhEn('失效时间', 'Expires at'),
});
export type KitListField = (typeof kitListFields)[number];

export interface ResourceListDef<F extends string = string> {
  /** By query parameter name (a range sets `<name>Min`/`<name>Max` or `<name>From`/`<name>To`). */
  filters?: Readonly<Record<string, ListFilter<F>>>;
  /** Fields the operator may sort by (ascending or descending); the key breaks ties. */
  sort?: readonly (F | 'updatedAt')[];
  computed?: Readonly<Record<string, ListComputed>>;
  actions?: Readonly<Record<string, ListAction>>;
  /** The CSV export's columns (fields, computed columns, the kit's fields), in order. */
  export?: readonly string[];
}

/** The query parameters one filter sets. */
export function filterParams(name: string, filter: ListFilter): string[] {
  if (filter.kind === 'numberRange') return [`${name}Min`, `${name}Max`];
  if (filter.kind === 'timeRange') return [`${name}From`, `${name}To`];
  return [name];
}

/** An absent or empty query value is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const numberParam = z.coerce
  .number({ error: 'resource.filterNumber' })
  .refine(Number.isFinite, { error: 'resource.filterNumber' });
const keyParam = z
  .string()
  .trim()
  .max(100, { error: 'resource.filterValue' })
  .regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'resource.filterValue' });

/** The list query's fields for the declared filters and sort. */
export function listQueryShape(list: ResourceListDef | undefined): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(list?.filters ?? {})) {
    const [a, b] = filterParams(name, f);
    if (f.kind === 'enum') {
      const codes = Object.keys(f.values);
      shape[a] = optional(z.string().refine((v) => codes.includes(v), { error: 'resource.filterValue' }));
    } else if (f.kind === 'state') shape[a] = optional(z.enum(windowStates, { error: 'resource.filterValue' }));
    else if (f.kind === 'reference') shape[a] = optional(keyParam);
    else if (f.kind === 'numberRange') {
      shape[a] = optional(numberParam);
      shape[b] = optional(numberParam);
    } else {
      shape[a] = optional(isoDateTime);
      shape[b] = optional(isoDateTime);
    }
  }
  if (list?.sort?.length) {
    shape.sort = optional(z.enum(list.sort as [string, ...string[]], { error: 'resource.sortField' }));
    shape.order = optional(z.enum(['asc', 'desc'], { error: 'resource.sortOrder' }));
  }
  return shape;
}

/** A range whose start is after its end says so on its end. */
export function checkRanges(list: ResourceListDef | undefined, q: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const [name, f] of Object.entries(list?.filters ?? {})) {
    if (f.kind !== 'numberRange' && f.kind !== 'timeRange') continue;
    const [a, b] = filterParams(name, f);
    const from = q[a];
    const to = q[b];
    if (from === undefined || to === undefined) continue;
    const after =
      f.kind === 'numberRange' ? Number(from) > Number(to) : Date.parse(String(from)) > Date.parse(String(to));
    if (after) ctx.addIssue({ code: 'custom', path: [b], message: 'resource.rangeOrder' });
  }
}

/** `endNow` → `EndNow`, for endpoint names. */
export const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The keys an action is asked to run on: at most a page of them. */
export const actionBody = z.object({
  keys: z
    .array(keyParam, { error: 'resource.actionKeys' })
    .min(1, { error: 'resource.actionKeys' })
    .max(1000, { error: 'resource.actionKeys' }),
});
export const actionResult = z.object({
  /** Items the action changed. */
  changed: z.number().int(),
  /** Items it left as they were (already in the state it brings). */
  unchanged: z.number().int(),
});
