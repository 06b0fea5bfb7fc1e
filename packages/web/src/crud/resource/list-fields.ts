import {
  filterParams,
  type Label,
  type ListFilter,
  type Resource,
  resourceFieldLabel,
  resources,
  windowStateLabels,
} from '@rookery/contracts';
import type { Field } from '../fields';

/** The search form's field of one declared filter (named apart from the columns; it sets the filter's parameters). */
export function filterField<Row>(name: string, f: ListFilter, resource: Pick<Resource, 'labels'>): Field<Row> {
  // A state filter unnamed is the item's window (`resource.window`: 生效状态).
  const title =
    f.label ?? (f.kind === 'state' ? undefined : resourceFieldLabel(resource, f.field)) ?? 'resource.window';
  const base = { name: `filter_${name}`, title, column: false, detail: false } as const;
  const choices = (values: Readonly<Record<string, Label>>) =>
    Object.entries(values).map(([value, label]) => ({ value, label }));
  switch (f.kind) {
    case 'enum':
      return { ...base, search: 'select', filter: name, options: choices(f.values) };
    case 'state':
      return { ...base, search: 'select', filter: name, options: choices(windowStateLabels) };
    case 'reference':
      return {
        ...base,
        search: 'reference',
        filter: name,
        reference: (resources as Record<string, Resource>)[f.resource],
      };
    default: {
      const [low, high] = filterParams(name, f);
      return { ...base, search: f.kind, range: [low, high] };
    }
  }
}

/** The search form's fields of every filter a resource declares. */
export const declaredFilterFields = <Row>(resource: Resource): Field<Row>[] =>
  Object.entries(resource.list?.filters ?? {}).map(([name, f]) => filterField<Row>(name, f, resource));
