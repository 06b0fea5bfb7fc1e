import type { Resource } from '@rookery/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { currentLocale } from '../../i18n';
import type { Field } from '../fields';
import { formatTime } from '../format';
import { windowState } from './endpoints';
import { declaredFilterFields } from './list-fields';
import { fieldWords } from './ResourceForm';
import type { ResourceItem, ResourceScreen } from './screen';
import { ValueView } from './ValueView';

/** A listed item: its stored fields, and what the server adds by name (computed columns). */
export type ResourceRow<R extends Resource> = ResourceItem<R> & Record<string, unknown>;

const windowColors = { scheduled: 'gold', active: 'green', expired: 'default', always: 'blue' } as const;

/**
 * A resource list's fields, from its declaration: the text search and the declared filters (a
 * part's fixed query not offered again), the declared list fields (a screen's own renders), the
 * item's window, the server's computed columns (coded values as their labels), then version and
 * who changed it last.
 */
export function resourceListFields<R extends Resource>(
  screen: ResourceScreen<R>,
  t: TFunction,
): Field<ResourceRow<R>>[] {
  type Row = ResourceRow<R>;
  const { resource } = screen;
  const list = resource.list;
  const sortable = (name: string) => Boolean(list?.sort?.includes(name));
  const locale = currentLocale();
  return [
    { name: 'search', title: 'resource.search', search: 'text', column: false, detail: false },
    // A part's fixed query is not offered again as a filter.
    ...declaredFilterFields<Row>(resource).filter(
      (f) => ![f.filter, ...(f.range ?? [])].some((p) => p !== undefined && p in (screen.part?.fixed ?? {})),
    ),
    ...resource.listFields.map(
      (name): Field<Row> => ({
        name,
        title: fieldWords(screen, name) ?? name,
        sorter: sortable(name),
        render: (row, tf) =>
          screen.render?.[name as keyof typeof screen.render]?.(row, tf) ??
          (name === resource.key ? (
            // The item's key is a name the operator chose (`welcomeBanner`), not a code to put in
            // words: marked so, for the console walk's raw-code rule.
            <span data-identifier="">
              <ValueView value={row[name]} />
            </span>
          ) : (
            <ValueView value={row[name]} compact />
          )),
      }),
    ),
    ...(resource.window
      ? [
          {
            name: 'window',
            title: 'resource.window',
            render: (row: Row) => {
              const state = windowState(row);
              return <Tag color={windowColors[state]}>{t(`resource.windowStates.${state}`)}</Tag>;
            },
          },
          { name: 'effectiveAt', title: 'resource.effectiveAt', kind: 'time' as const, column: false },
          { name: 'expireAt', title: 'resource.expireAt', kind: 'time' as const, column: false },
        ]
      : []),
    // Served by the server at its clock; coded values as their labels.
    ...Object.entries(list?.computed ?? {}).map(
      ([name, c]): Field<Row> => ({
        name,
        title: c.label,
        kind: c.number ? 'number' : undefined,
        render: (row) => {
          const value = row[name];
          const label = c.values && typeof value === 'string' ? c.values[value] : undefined;
          return label ? (
            <Tag color={windowColors[value as keyof typeof windowColors]} data-testid={`computed-${name}`}>
              {label[locale]}
            </Tag>
          ) : (
            <span data-testid={`computed-${name}`}>{value === undefined || value === null ? '-' : String(value)}</span>
          );
        },
      }),
    ),
    ...(resource.versioned ? [{ name: 'version', title: 'resource.version' }] : []),
    { name: 'updatedBy', title: 'resource.updatedBy' },
    {
      name: 'updatedAt',
      title: 'resource.updatedAt',
      kind: 'time',
      sorter: sortable('updatedAt'),
      render: (row: Row) => formatTime(row.updatedAt as string),
    },
  ];
}
