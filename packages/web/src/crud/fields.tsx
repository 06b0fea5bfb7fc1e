import type { Label, Resource } from '@rookery/contracts';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { currentLocale } from '../i18n';
import { formatNumber, formatTime } from './format';
import { ValueView } from './resource/ValueView';

/** A field name as words: `gainedGems` reads "gained gems". */
const wordsOf = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** Words on screen: an i18n key, or a label declared in the contracts (both languages). */
export type Words = string | Label;
export const wordsText = (t: TFunction, words: Words) =>
  typeof words === 'string' ? t(words) : words[currentLocale()];

/**
 * One field of a list screen: the search form, the table columns and the detail view all come
 * from one list of these.
 */
export interface Field<Row> {
  name: string;
  /** Its label: an i18n key or a declared label. */
  title: Words;
  /**
   * The search control; a range (`timeRange`, `numberRange`) sets two query parameters, `range`
   * (a time range: `start` and `end` unless named); `reference` picks an item of `reference`.
   */
  search?: 'text' | 'select' | 'timeRange' | 'numberRange' | 'reference';
  /** The query parameter the search sets, when it is not `name` (e.g. `searchName`). */
  filter?: string;
  /** The two query parameters of a range search. */
  range?: readonly [string, string];
  /** The resource a `reference` search picks from. */
  reference?: Resource;
  /** Values with their labels (select search, and shown as labels in table and detail). */
  options?: { value: string; label: Words; color?: string }[];
  /** How the value displays: times in the browser's zone, numbers grouped (right-aligned in tables), structures as rows. */
  kind?: 'text' | 'time' | 'json' | 'boolean' | 'list' | 'number';
  column?: boolean;
  detail?: boolean;
  sorter?: boolean;
  width?: number;
  /** A long text cut to its column's width (a log message). */
  ellipsis?: boolean;
  render?: (row: Row, t: TFunction) => ReactNode;
  /** How the detail view shows it, when not as in the table (e.g. a text per language as rows). */
  detailRender?: (row: Row, t: TFunction) => ReactNode;
}

/** A field's value of a row, ready to show. */
export function displayValue<Row>(field: Field<Row>, row: Row, t: TFunction): ReactNode {
  if (field.render) return field.render(row, t);
  const value = (row as Record<string, unknown>)[field.name];
  if (field.options) {
    const option = field.options.find((o) => o.value === value);
    return option ? <Tag color={option.color}>{wordsText(t, option.label)}</Tag> : String(value ?? '-');
  }
  switch (field.kind) {
    case 'time':
      return formatTime(value as string | null);
    case 'json':
      // Structured values as rows (UX.md §4), never a JSON string; names split into words.
      return <ValueView value={value} label={wordsOf} />;
    case 'number':
      return formatNumber(value as number | null);
    case 'boolean':
      return value ? t('common.yes') : t('common.no');
    case 'list':
      return Array.isArray(value) ? value.join(', ') : '-';
    default:
      return value === null || value === undefined || value === '' ? '-' : String(value);
  }
}
