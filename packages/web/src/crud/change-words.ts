import {
  type ConditionRule,
  conditionAttributeLabels,
  conditionAttributeSpecs,
  conditionOperatorLabels,
  fieldLabel,
  gameLabel,
  isListOperator,
  itemWords,
  type Locale,
  listItemLabel,
  valueLabel,
  valueWords,
} from '@rookery/contracts';
import { type DiffRow, diffRows } from './diff-rows';

/**
 * A change table in the operator's words (UX.md §2): each changed field named by its label
 * ("条件值 1 · 国家/地区", never `values[0].conditions[1].attr`) and each value by its meaning
 * (codes by label, times local with the UTC line, countries and languages by name with the code).
 * A condition rule and a reward are one row each, as the operator wrote them.
 */
export interface ChangeRow {
  field: string;
  kind: DiffRow['kind'];
  before?: string;
  after?: string;
}

type Path = (string | number)[];

export interface ChangeWordsOptions {
  locale: Locale;
  /** The screen's own names of top-level fields (a resource declaration's labels). */
  labels?: (field: string) => string | undefined;
  /** Top-level fields left out of the table: those the server owns (`serverOwnedFields`). */
  skip?: readonly string[];
}

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const languageTag = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRule = (v: unknown): v is ConditionRule =>
  isRecord(v) && typeof v.attr === 'string' && typeof v.op === 'string' && 'value' in v;
const isReward = (v: unknown): v is { kind: string; amount: number } =>
  isRecord(v) && typeof v.kind === 'string' && typeof v.amount === 'number' && Object.keys(v).length === 2;
const isAtom = (v: unknown) => isRule(v) || isReward(v);

function at(doc: unknown, path: Path): unknown {
  let cur = doc;
  for (const seg of path) cur = isRecord(cur) || Array.isArray(cur) ? (cur as Record<string, unknown>)[seg] : undefined;
  return cur;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A wire time as the operator reads it: local time, and the UTC time on its own line. */
export function timeInWords(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${local}\nUTC ${d.toISOString().slice(0, 19).replace('T', ' ')}`;
}

function displayName(locale: Locale, type: 'region' | 'language', code: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

const countryFields = new Set(['country']);
const languageFields = new Set(['language', 'appLanguage']);

/** One value held by `field`, in words. */
export function valueInWords(field: string, value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return valueWords.empty[locale];
  if (typeof value === 'boolean') return valueWords[value ? 'yes' : 'no'][locale];
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  if (Array.isArray(value))
    return value.length
      ? value.map((v) => valueInWords(field, v, locale)).join(locale === 'zh-CN' ? '、' : ', ')
      : valueWords.empty[locale];
  if (isRule(value)) return ruleInWords(value, locale);
  if (isReward(value)) return new Intl.NumberFormat(locale).format(value.amount);
  if (isRecord(value))
    return Object.entries(value)
      .map(([k, v]) => `${fieldLabel(k, locale) ?? k}: ${valueInWords(k, v, locale)}`)
      .join('; ');
  const text = String(value);
  if (isoTime.test(text)) return timeInWords(text);
  if (countryFields.has(field) && /^[A-Z]{2}$/.test(text)) return displayName(locale, 'region', text);
  if (languageFields.has(field) && languageTag.test(text)) return displayName(locale, 'language', text);
  return valueLabel(field, text, locale) ?? text;
}

/** A condition rule's operator and value: "等于 中国 (CN)". */
export function ruleInWords(rule: ConditionRule, locale: Locale): string {
  const op = conditionOperatorLabels[rule.op]?.[locale] ?? rule.op;
  const values = Array.isArray(rule.value) ? rule.value : [rule.value];
  const kind = conditionAttributeSpecs[rule.attr]?.kind;
  const field = kind === 'os' ? 'os' : kind === 'language' ? 'language' : kind === 'count' ? 'count' : rule.attr;
  const words = values.map((v) => valueInWords(field, v, locale));
  const sep = locale === 'zh-CN' ? '、' : ', ';
  return `${op} ${isListOperator(rule.op) || words.length > 1 ? words.join(sep) : words[0]}`;
}

/** A rule's or a reward's own name: its attribute, or the resource it grants. */
function atomName(atom: unknown, locale: Locale): string {
  if (isRule(atom)) return conditionAttributeLabels[atom.attr]?.[locale] ?? atom.attr;
  if (isReward(atom)) return gameLabel(atom.kind, locale);
  return '';
}

/** A field's own name: the screen's for a top-level field, else the vocabulary's, else a game key's. */
function fieldName(seg: string, top: boolean, options: ChangeWordsOptions): string {
  return (top && options.labels?.(seg)) || fieldLabel(seg, options.locale) || gameLabel(seg, options.locale);
}

/** One item of a list, counted from 1: "第 1 个条件值" / "Conditional value 1". */
function itemInWords(list: string | undefined, n: number, top: boolean, options: ChangeWordsOptions): string {
  const { locale } = options;
  const name = list === undefined ? undefined : (listItemLabel(list, locale) ?? fieldName(list, top, options));
  return name === undefined
    ? itemWords.item[locale].replace('{n}', String(n))
    : itemWords.numbered[locale].replace('{n}', String(n)).replace('{item}', name);
}

/** A path in words: "第 1 个条件值 · 国家/地区", "详情 · 截止时间", "标题 · 中文（中国） (zh-CN)". */
export function pathInWords(path: Path, options: ChangeWordsOptions, atom?: unknown): string {
  const { locale } = options;
  const parts: string[] = [];
  path.forEach((seg, i) => {
    const parent = i > 0 ? path[i - 1] : undefined;
    if (typeof seg === 'number') {
      // A list's position replaces the list's name with its item's: "第 2 个版本".
      const list = typeof parent === 'string' ? parent : undefined;
      const item = itemInWords(list, seg + 1, i === 1, options);
      if (list !== undefined && parts.length) parts[parts.length - 1] = item;
      else parts.push(item);
      return;
    }
    // A language under a field (a title per language) is named as a language; alone it is a field.
    if (typeof parent === 'string' && languageTag.test(seg)) parts.push(displayName(locale, 'language', seg));
    else parts.push(fieldName(seg, i === 0, options));
  });
  if (atom !== undefined && typeof path.at(-1) === 'number') {
    // The rule (or reward) names itself: inside a row, its list's name and position give way to it.
    const name = atomName(atom, locale);
    if (parts.length > 1) parts[parts.length - 1] = name;
    else {
      const list = path.length > 1 ? path.at(-2) : undefined;
      const listName = typeof list === 'string' ? fieldName(list, path.length === 2, options) : parts[0];
      parts[0] = `${listName} · ${name}`;
    }
  }
  return parts.join(' · ');
}

/** The nearest field name a value sits under (`platforms` for `platforms[1]`). */
const fieldOf = (path: Path) => String([...path].reverse().find((s) => typeof s === 'string') ?? '');

/** The changes from `before` to `after`, one row per field in words. */
export function changesInWords(before: unknown, after: unknown, options: ChangeWordsOptions): ChangeRow[] {
  const skip = new Set(options.skip ?? []);
  const without = (doc: unknown) =>
    isRecord(doc) && skip.size ? Object.fromEntries(Object.entries(doc).filter(([k]) => !skip.has(k))) : doc;
  before = without(before);
  after = without(after);
  const rows = diffRows(before, after);
  const out: ChangeRow[] = [];
  const atoms = new Set<string>();
  for (const row of rows) {
    // The shallowest rule or reward the change is inside: that is the row.
    let atomPath: Path | undefined;
    for (let n = 1; n <= row.path.length && !atomPath; n++) {
      const prefix = row.path.slice(0, n);
      const side = row.kind === 'removed' ? at(before, prefix) : (at(after, prefix) ?? at(before, prefix));
      if (isAtom(side)) atomPath = prefix;
    }
    if (!atomPath && (isAtom(row.before) || isAtom(row.after))) atomPath = row.path;
    if (atomPath) {
      const key = `${row.kind === 'removed' ? '-' : '+'}${atomPath.join('\u0000')}`;
      if (atoms.has(key)) continue;
      atoms.add(key);
      // A whole rule added or removed has one side; a change inside one has both.
      const whole = row.path.length === atomPath.length;
      const was = row.kind === 'added' && whole ? undefined : at(before, atomPath);
      const is = row.kind === 'removed' && whole ? undefined : at(after, atomPath);
      const beforeAtom = isAtom(was) ? was : undefined;
      const afterAtom = isAtom(is) ? is : undefined;
      const kind: DiffRow['kind'] = beforeAtom && afterAtom ? 'changed' : afterAtom ? 'added' : 'removed';
      const field = fieldOf(atomPath);
      out.push({
        field: pathInWords(atomPath, options, afterAtom ?? beforeAtom),
        kind,
        before: beforeAtom ? valueInWords(field, beforeAtom, options.locale) : undefined,
        after: afterAtom ? valueInWords(field, afterAtom, options.locale) : undefined,
      });
      continue;
    }
    const field = fieldOf(row.path);
    // A move's sides are positions (counted from 1); an added row has no before, a removed one no after.
    const side = (which: 'before' | 'after', without: DiffRow['kind']) =>
      row.kind === 'moved'
        ? String(Number(row[which]) + 1)
        : which in row && row.kind !== without
          ? valueInWords(field, row[which], options.locale)
          : undefined;
    out.push({
      field: pathInWords(row.path, options),
      kind: row.kind,
      before: side('before', 'added'),
      after: side('after', 'removed'),
    });
  }
  return out;
}
