import { areaAudit, type areas } from './areas.js';
import type { AuditAction, AuditObject } from './audit-kit.js';
import type { Label, Locale } from './bilingual.js';
import { resourceActionEndpoint } from './resource.js';
import type { ResourceListDef } from './resource-list.js';
import { resources } from './resources/index.js';

export type { AuditAction, AuditObject, AuditRecord } from './audit-kit.js';

/**
 * What each audit action means, in the operator's words: the label of the action (for filters and
 * columns) and the sentence an entry reads as, with its objects as placeholders (`{player}`,
 * `{mail}`…) that the console links to the object's page. Each area declares its own
 * (`defineArea({ audit })`, written with `audit-kit.ts`); this is their fold, checked in `areas.ts`
 * (an action naming an undeclared object, an endpoint's audit target that is no object, a page
 * that is no route refuse to load).
 */

type Area = (typeof areas)[number];
type AuditPart<K extends 'objects' | 'actions'> = Area extends infer A
  ? A extends { readonly audit: { readonly [P in K]: infer T } }
    ? keyof T & string
    : never
  : never;

/** The kinds of object an audit entry's target names. */
export type AuditObjectKind = AuditPart<'objects'>;
export type AuditActionName = AuditPart<'actions'>;

const objects = areaAudit.objects as Record<AuditObjectKind, AuditObject>;
export const auditObjectKinds = Object.keys(objects) as AuditObjectKind[];

/** How an object is written in a sentence: `{id}` is the target's identifier. */
export const auditObjectLabels = Object.fromEntries(auditObjectKinds.map((k) => [k, objects[k].label])) as Record<
  AuditObjectKind,
  Label
>;

/**
 * The console page an object links to: a route name of the route table, and the query that
 * names the object there (null: the entry does not say enough to link). Objects without a page
 * (a device, a mail address) are plain text.
 */
export const auditObjectPages = Object.fromEntries(
  auditObjectKinds.flatMap((k) => (objects[k].page ? [[k, objects[k].page]] : [])),
) as Partial<Record<AuditObjectKind, NonNullable<AuditObject['page']>>>;

/** The declared list actions of every resource (`list.actions`), each its own audit action. */
const listActions = Object.fromEntries(
  Object.values(resources).flatMap((r) =>
    Object.entries((r.list as ResourceListDef | undefined)?.actions ?? {}).map(([name, a]) => [
      resourceActionEndpoint(r, name),
      { label: a.label, sentence: a.sentence, target: r.name } satisfies AuditAction,
    ]),
  ),
) as Record<never, AuditAction>; // named at run time: `AuditActionName` keeps the written ones

export const auditActions = { ...listActions, ...areaAudit.actions } as Record<AuditActionName, AuditAction>;

export const isAuditAction = (name: string): name is AuditActionName => Object.hasOwn(auditActions, name);

/** One piece of a sentence: text, or an object the console may link. */
export type AuditPiece = { text: string } | { text: string; object: { kind: AuditObjectKind; id: string } };

/**
 * The objects an entry's target names: `kind:id` pairs (`player:5 mail:7`), or a bare
 * identifier of the action's default kind. The template kinds are written `mailTemplate:3`.
 */
/** Target prefixes the server writes (`auditTarget`) that name an object kind by another word. */
const targetPrefixKinds = Object.fromEntries(
  auditObjectKinds.flatMap((k) => (objects[k].prefix ? [[objects[k].prefix, k]] : [])),
) as Record<string, AuditObjectKind>;

export function auditObjects(action: string, target: string | null): Partial<Record<AuditObjectKind, string>> {
  if (!target) return {};
  const found: Partial<Record<AuditObjectKind, string>> = {};
  const pairs = [...target.matchAll(/(\w+):(\S+)/g)];
  for (const [, prefix, id] of pairs) {
    const kind = targetPrefixKinds[prefix] ?? prefix;
    if ((auditObjectKinds as readonly string[]).includes(kind)) found[kind as AuditObjectKind] = id;
  }
  if (Object.keys(found).length === 0 && isAuditAction(action)) {
    const kind = auditActions[action].target as AuditObjectKind | undefined;
    if (kind) found[kind] = pairs.length === 1 ? pairs[0][2] : target;
  }
  return found;
}

/**
 * An audit entry as a sentence in `locale`, cut into text and objects. An action the table does
 * not know yet reads as its label-less name with the raw target, so nothing is hidden.
 */
export function describeAudit(entry: { action: string; target: string | null }, locale: Locale): AuditPiece[] {
  if (!isAuditAction(entry.action)) {
    return [{ text: entry.target ? `${entry.action} ${entry.target}` : entry.action }];
  }
  const objects = auditObjects(entry.action, entry.target);
  const sentence = auditActions[entry.action].sentence[locale];
  const pieces: AuditPiece[] = [];
  let last = 0;
  for (const match of sentence.matchAll(/\{(\w+)\}/g)) {
    if (match.index > last) pieces.push({ text: sentence.slice(last, match.index) });
    last = match.index + match[0].length;
    const kind = match[1] as AuditObjectKind;
    const id = objects[kind];
    if (id !== undefined)
      pieces.push({ text: auditObjectLabels[kind][locale].replace('{id}', id), object: { kind, id } });
  }
  if (last < sentence.length) pieces.push({ text: sentence.slice(last) });
  // A target the sentence has no place for stays visible.
  if (entry.target && !Object.keys(objects).length) pieces.push({ text: ` (${entry.target})` });
  return pieces;
}

/** The label of an action (filters, columns); an unknown action shows its name. */
export const auditActionLabel = (action: string, locale: Locale) =>
  isAuditAction(action) ? auditActions[action].label[locale] : action;
