import type { z } from 'zod';
import { objectShape } from '../list-shape';
import { widgetOf } from '../schema-fields';
import type { FieldLayout, ResourceScreen } from './screen';

/** A declared form's rows in order: a lone field is a row of one. */
export const fieldRows = (fields: readonly FieldLayout<string>[]): string[][] =>
  fields.map((entry) => (typeof entry === 'string' ? [entry] : [...entry]));

/**
 * What is wrong with a screen's declared form (`fields`), found before anyone opens it: a name
 * that is no field of the resource; a field declared twice; a field with neither a widget of its
 * own nor one its schema gives (the form would throw on opening); a hint, placeholder, widget or
 * condition for a field the form does not declare; a field the document requires that the form neither shows
 * nor starts with in `blank` (the form could never be saved). Empty when the form is sound, or
 * when the screen draws its own `Form`.
 */
export function declaredFormProblems(screen: ResourceScreen): string[] {
  if (!screen.fields || screen.Form) return [];
  const { resource } = screen;
  const shape = objectShape(resource.schema as z.ZodType);
  const names = fieldRows(screen.fields).flat();
  const shown = new Set(names);
  const own = new Set(Object.keys(screen.widgets ?? {}));
  const problems: string[] = [];
  for (const [i, name] of names.entries()) {
    if (!(name in shape)) problems.push(`${name}: not a field of ${resource.name}`);
    else if (names.indexOf(name) !== i) problems.push(`${name}: declared twice`);
    else if (!own.has(name) && widgetOf(resource.schema, [name]).kind === 'unknown')
      problems.push(`${name}: its schema gives no widget; declare one in widgets`);
  }
  for (const [option, map] of Object.entries({
    widgets: screen.widgets,
    hints: screen.hints,
    placeholders: screen.placeholders,
    shownWhen: screen.shownWhen,
  }))
    for (const name of Object.keys(map ?? {}))
      if (!shown.has(name)) problems.push(`${name}: has ${option} but is not in fields`);
  const blank = screen.blank as Record<string, unknown>;
  for (const [name, field] of Object.entries(shape)) {
    if (shown.has(name) || name in blank || (resource.autoKey && name === resource.key)) continue;
    if (!field.safeParse(undefined).success) problems.push(`${name}: required, but neither shown nor in blank`);
  }
  return problems;
}
