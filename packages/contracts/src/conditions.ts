import { z } from 'zod';
import { isStorableText, rawText } from './text.js';

/**
 * The condition engine: who a global mail, a remote-config value, a push or an announcement is
 * for. A condition is an AND of rules `{ attr, op, value }`. The schema checks and normalises
 * rules when they are saved; `compileConditions` turns saved rules into a predicate that the
 * server runs per request and the console runs for previews. Evaluation is pure: the caller
 * passes the player's attributes and the server clock.
 */

export const conditionAttributes = [
  'os',
  'appVersion',
  'appLanguage',
  'country',
  'lastLogin',
  'notLoginDays',
  'userType',
  'habitatCount',
] as const;
export type ConditionAttribute = (typeof conditionAttributes)[number];

export const conditionOperators = ['equal', 'gte', 'lte', 'include', 'exclude'] as const;
export type ConditionOperator = (typeof conditionOperators)[number];

export const operatingSystems = ['android', 'ios'] as const;
export type OperatingSystem = (typeof operatingSystems)[number];
/** Platform names (the same in every console language). */
export const operatingSystemLabels: Record<(typeof operatingSystems)[number], string> = {
  android: 'Android',
  ios: 'iOS',
};
export const userTypes = ['normal', 'payment', 'all'] as const;

/** ISO 3166-1 alpha-2 codes, plus XK (Kosovo) which app stores report. */
export const countryCodes: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM ' +
  'FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT ' +
  'JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN ' +
  'MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT ' +
  'PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL ' +
  'TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');
const countrySet = new Set(countryCodes);

type ValueKind = 'os' | 'version' | 'language' | 'country' | 'time' | 'count' | 'userType';

/** What each attribute holds and which operators make sense on it. */
export const conditionAttributeSpecs: Record<
  ConditionAttribute,
  { kind: ValueKind; ops: readonly ConditionOperator[] }
> = {
  os: { kind: 'os', ops: ['equal', 'include', 'exclude'] },
  appVersion: { kind: 'version', ops: ['equal', 'gte', 'lte', 'include', 'exclude'] },
  appLanguage: { kind: 'language', ops: ['equal', 'include', 'exclude'] },
  country: { kind: 'country', ops: ['equal', 'include', 'exclude'] },
  lastLogin: { kind: 'time', ops: ['gte', 'lte'] },
  notLoginDays: { kind: 'count', ops: ['equal', 'gte', 'lte'] },
  userType: { kind: 'userType', ops: ['equal', 'include'] },
  habitatCount: { kind: 'count', ops: ['equal', 'gte', 'lte', 'include', 'exclude'] },
};

export const isListOperator = (op: ConditionOperator) => op === 'include' || op === 'exclude';

/** A saved rule: values normalised (country upper case, language canonical, counts numbers, times ISO). */
export interface ConditionRule {
  attr: ConditionAttribute;
  op: ConditionOperator;
  value: string | number | (string | number)[];
}

/** What is known about a player when a condition is evaluated; a missing attribute makes its rules false. */
export interface PlayerAttributes {
  os?: string | null;
  appVersion?: string | null;
  appLanguage?: string | null;
  country?: string | null;
  lastLogin?: Date | string | null;
  notLoginDays?: number | null;
  /** `normal` or `payment` (has paid). */
  userType?: string | null;
  habitatCount?: number | null;
}

const versionPattern = /^\d{1,9}(\.\d{1,9}){0,3}$/;

/** `1.10.0` → [1, 10, 0]; trailing parts missing count as 0, so 1.2 = 1.2.0. */
export function parseVersion(text: string): number[] | null {
  const t = text.trim();
  if (!versionPattern.test(t)) return null;
  return t.split('.').map(Number);
}

export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/*
 * The canonical forms of what a device reports (language, country, os). The game login stores
 * these, never the text as sent, so the audience count (plain SQL comparisons on the stored
 * column) and the engine (which reads attributes through the same functions) cannot disagree on
 * a value; rule values are normalised by the same functions. Each is idempotent: a stored value
 * read again gives itself.
 */

/** `en-us` → `en-US`, `en_us` → `en-US`, `iw` → `he`, `vi-VD` → `vi-VN`; null when not a language tag. */
export function canonicalLanguage(text: string): string | null {
  const t = text.trim();
  if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(t)) return null;
  try {
    return Intl.getCanonicalLocales(t.replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Turkish dotted and dotless i read as Latin i (a Turkish-locale device upper-cases `ios` to
 * `İOS` and lower-cases `IT` to `ıt`), and full-width or compatibility letters as their plain form.
 */
const folded = (text: string) => text.normalize('NFKC').replace(/İ/g, 'I').replace(/ı/g, 'i').trim();

/**
 * `us`, ` GB `, `ＧＢ` → `GB`: an ISO 3166-1 alpha-2 code of `countryCodes`, upper case; null
 * for anything else (`XX`, `usa`, and `ß`, which JavaScript would upper-case to South Sudan's `SS`).
 */
export function canonicalCountry(text: string): string | null {
  const t = folded(text);
  if (!/^[A-Za-z]{2}$/.test(t)) return null;
  const code = t.toUpperCase();
  return countrySet.has(code) ? code : null;
}

/** A reported os outside the engine's vocabulary: stored as this, so `exclude ios` still selects it. */
export const otherOperatingSystem = 'other';
export type StoredOperatingSystem = OperatingSystem | typeof otherOperatingSystem;

/** Names devices report for the vocabulary's systems (iPads say `iPadOS`, old iPhones `iPhone OS`), folded. */
const operatingSystemNames = new Map<string, OperatingSystem>([
  ['android', 'android'],
  ['ios', 'ios'],
  ['ipados', 'ios'],
  ['iphone os', 'ios'],
  ['iphoneos', 'ios'],
]);

/**
 * `IOS `, `İOS`, `iPadOS` → `ios`; `Android` → `android`; any other system (`harmonyos`, `Windows`)
 * → `other`; null only for blank text (no os).
 */
export function canonicalOs(text: string): StoredOperatingSystem | null {
  const t = folded(text).toLowerCase().replace(/\s+/g, ' ');
  if (t === '') return null;
  return operatingSystemNames.get(t) ?? otherOperatingSystem;
}

/** What a device reports at login, as the game sends it (trimmed by the wire schema). */
export interface ReportedAttributes {
  os: string;
  language: string;
  /** Not sent: the server fills it from the client's address. */
  country?: string | null;
}

/**
 * The attributes to store for a login: each canonical (a language that is no tag and a country
 * that is no ISO code are null), and `reported`, the text as sent where it differs from what is
 * stored (null where it is the same, so nothing is kept twice): what support reads on the player.
 */
export function canonicalAttributes(sent: ReportedAttributes) {
  const os = canonicalOs(sent.os);
  const language = canonicalLanguage(sent.language);
  const country = sent.country ? canonicalCountry(sent.country) : null;
  const differs = (raw: string | null | undefined, stored: string | null) => (raw && raw !== stored ? raw : null);
  return {
    os,
    language,
    country,
    reported: {
      os: differs(sent.os, os),
      language: differs(sent.language, language),
      country: differs(sent.country, country),
    },
  };
}

/** Normalise one value of a rule, or give the message key saying why it is not valid. */
function normaliseValue(kind: ValueKind, raw: unknown): { value: string | number } | { error: string } {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null || text === '') return { error: 'cond.valueRequired' };
  switch (kind) {
    case 'os': {
      const os = canonicalOs(text);
      return os && os !== otherOperatingSystem ? { value: os } : { error: 'cond.os' };
    }
    case 'version':
      return parseVersion(text) ? { value: parseVersion(text)!.join('.') } : { error: 'cond.version' };
    case 'language': {
      const lang = canonicalLanguage(text);
      return lang ? { value: lang } : { error: 'cond.language' };
    }
    case 'country': {
      const c = canonicalCountry(text);
      return c ? { value: c } : { error: 'cond.country' };
    }
    case 'time': {
      const ms = typeof raw === 'string' && /^\d{4}-\d\d-\d\dT/.test(text) ? Date.parse(text) : Number.NaN;
      return Number.isFinite(ms) ? { value: new Date(ms).toISOString() } : { error: 'cond.time' };
    }
    case 'count': {
      const n = Number(text);
      return /^\d{1,9}$/.test(text) && Number.isSafeInteger(n) ? { value: n } : { error: 'cond.count' };
    }
    case 'userType': {
      const u = text.toLowerCase();
      return (userTypes as readonly string[]).includes(u) ? { value: u } : { error: 'cond.userType' };
    }
  }
}

export type RuleCheck = { rule: ConditionRule } | { error: { path: 'attr' | 'op' | 'value'; key: string } };

/** Check and normalise one rule as the operator wrote it. */
export function checkConditionRule(input: { attr: unknown; op: unknown; value: unknown }): RuleCheck {
  const attr = input.attr as ConditionAttribute;
  if (!(conditionAttributes as readonly unknown[]).includes(attr)) return { error: { path: 'attr', key: 'cond.attr' } };
  const op = input.op as ConditionOperator;
  const spec = conditionAttributeSpecs[attr];
  if (!(conditionOperators as readonly unknown[]).includes(op) || !spec.ops.includes(op))
    return { error: { path: 'op', key: 'cond.opNotAllowed' } };
  if (isListOperator(op)) {
    if (!Array.isArray(input.value)) return { error: { path: 'value', key: 'cond.listRequired' } };
    if (input.value.length === 0) return { error: { path: 'value', key: 'cond.listEmpty' } };
    if (input.value.length > 500) return { error: { path: 'value', key: 'cond.listTooLong' } };
    const values: (string | number)[] = [];
    for (const raw of input.value) {
      const v = normaliseValue(spec.kind, raw);
      if ('error' in v) return { error: { path: 'value', key: v.error } };
      if (!values.includes(v.value)) values.push(v.value);
    }
    return { rule: { attr, op, value: values } };
  }
  if (Array.isArray(input.value)) return { error: { path: 'value', key: 'cond.singleRequired' } };
  const v = normaliseValue(spec.kind, input.value);
  if ('error' in v) return { error: { path: 'value', key: v.error } };
  return { rule: { attr, op, value: v.value } };
}

const ruleInput = z.object({
  attr: z.string({ error: 'cond.attr' }),
  op: z.string({ error: 'cond.opNotAllowed' }),
  value: z.union([rawText(), z.number(), z.array(z.union([rawText(), z.number()]))], {
    error: 'cond.valueRequired',
  }),
});

/** One rule on the wire; invalid rules fail with a message key on `attr`, `op` or `value`. */
export const conditionRuleSchema = ruleInput.transform((input, ctx): ConditionRule => {
  const checked = checkConditionRule(input);
  if ('error' in checked) {
    ctx.addIssue({ code: 'custom', path: [checked.error.path], message: checked.error.key, input });
    return z.NEVER;
  }
  return checked.rule;
});

export const maxConditionRules = 30;

/** `conditions: [{ attr, op, value }]`, an AND of rules; empty = everyone. */
export const conditionsSchema = z
  .array(conditionRuleSchema, { error: 'cond.list' })
  .max(maxConditionRules, { error: 'cond.tooMany' });

/**
 * One rule as a resource document stores it: the operator's words, checked but not transformed
 * (the resource kit's schemas carry no transforms). `storedRules` gives the normal form the
 * evaluator takes. Used by the store's items and the experiments' targeting.
 */
export const storedConditionRuleSchema = z
  .object({
    attr: z.enum(conditionAttributes, { error: 'cond.attr' }),
    op: z.enum(conditionOperators, { error: 'cond.opNotAllowed' }),
    value: z.union(
      [
        z.string().refine(isStorableText, { error: 'v.textInvalid' }),
        z.number(),
        z.array(z.union([z.string().refine(isStorableText, { error: 'v.textInvalid' }), z.number()])),
      ],
      { error: 'cond.valueRequired' },
    ),
  })
  .superRefine((rule, ctx) => {
    const checked = checkConditionRule(rule);
    if ('error' in checked) ctx.addIssue({ code: 'custom', path: [checked.error.path], message: checked.error.key });
  });
export type StoredConditionRule = z.infer<typeof storedConditionRuleSchema>;

/** An AND of stored rules; empty = every player. */
export const storedConditionsSchema = z
  .array(storedConditionRuleSchema, { error: 'cond.list' })
  .max(maxConditionRules, { error: 'cond.tooMany' });

/** Stored rules in the evaluator's normal form (they were checked on save; a rule that no longer checks is left out). */
export function storedRules(rules: readonly StoredConditionRule[]): ConditionRule[] {
  return rules.flatMap((r) => {
    const checked = checkConditionRule(r);
    return 'rule' in checked ? [checked.rule] : [];
  });
}

/** One day in milliseconds (day counts of conditions, retention windows). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A player's attributes in the normal form of rule values, computed once per evaluation. */
interface PreparedPlayer {
  values: Record<ConditionAttribute, string | number | null>;
  version: number[] | null;
  /** The language lower-cased, and its primary subtag (`en` of `en-us`). */
  language: { full: string; primary: string } | null;
}
type Check = (player: PreparedPlayer) => boolean;

const asTime = (v: Date | string | null | undefined): number | null => {
  if (v === null || v === undefined) return null;
  const ms = v instanceof Date ? v.getTime() : Date.parse(v);
  return Number.isFinite(ms) ? ms : null;
};

/**
 * Language, country and os are read through the door's canonical functions: a stored value (the
 * login stored it canonical) reads as itself, which is what the audience count compares in SQL;
 * attributes from elsewhere (a preview, a test) read as the login would have stored them.
 */
function preparePlayer(attrs: PlayerAttributes, now: number): PreparedPlayer {
  const lastLogin = asTime(attrs.lastLogin);
  const appLanguage = attrs.appLanguage ? canonicalLanguage(attrs.appLanguage) : null;
  const language = appLanguage?.toLowerCase();
  return {
    language: language ? { full: language, primary: language.split('-')[0] } : null,
    values: {
      os: attrs.os ? canonicalOs(attrs.os) : null,
      appVersion: attrs.appVersion ?? null,
      appLanguage,
      country: attrs.country ? canonicalCountry(attrs.country) : null,
      lastLogin,
      // Derived from the last login and the server clock when the caller did not compute it.
      notLoginDays:
        typeof attrs.notLoginDays === 'number'
          ? attrs.notLoginDays
          : lastLogin === null
            ? null
            : Math.max(0, Math.floor((now - lastLogin) / DAY_MS)),
      userType: attrs.userType ? attrs.userType.trim().toLowerCase() : null,
      habitatCount: typeof attrs.habitatCount === 'number' ? attrs.habitatCount : null,
    },
    version: attrs.appVersion ? parseVersion(attrs.appVersion) : null,
  };
}

/**
 * One player is usually checked against many compiled conditions in a row (every live global
 * mail): normalise their attributes once per attributes object and clock reading.
 */
const prepared = new WeakMap<PlayerAttributes, { now: number; player: PreparedPlayer }>();
function preparedPlayer(attrs: PlayerAttributes, now: number): PreparedPlayer {
  const hit = prepared.get(attrs);
  if (hit && hit.now === now) return hit.player;
  const player = preparePlayer(attrs, now);
  prepared.set(attrs, { now, player });
  return player;
}

function compileRule(rule: ConditionRule): Check {
  const { attr, op } = rule;
  if (attr === 'userType') {
    const wanted = Array.isArray(rule.value) ? rule.value : [rule.value];
    if (wanted.includes('all')) return () => true;
  }
  const values = Array.isArray(rule.value) ? rule.value : [rule.value];

  if (attr === 'appVersion') {
    const targets = values.map((v) => parseVersion(String(v))!);
    return ({ version }) => {
      if (!version) return false;
      if (op === 'gte') return compareVersions(version, targets[0]) >= 0;
      if (op === 'lte') return compareVersions(version, targets[0]) <= 0;
      const hit = targets.some((t) => compareVersions(version, t) === 0);
      return op === 'exclude' ? !hit : hit;
    };
  }
  if (attr === 'appLanguage') {
    // A rule language without a region (`en`) matches every region of it (`en-US`, `en-GB`).
    const full = new Set(values.map((v) => String(v).toLowerCase()).filter((v) => v.includes('-')));
    const primary = new Set(values.map(String).filter((v) => !v.includes('-')));
    return ({ language }) => {
      if (language === null) return false;
      const hit = full.has(language.full) || primary.has(language.primary);
      return op === 'exclude' ? !hit : hit;
    };
  }
  if (attr === 'lastLogin') {
    const at = Date.parse(String(values[0]));
    return ({ values: v }) => {
      const player = v.lastLogin as number | null;
      if (player === null) return false;
      return op === 'gte' ? player >= at : player <= at;
    };
  }
  const set = new Set<string | number>(values);
  const first = values[0];
  return ({ values: v }) => {
    const player = v[attr];
    if (player === null) return false;
    switch (op) {
      case 'equal':
        return player === first;
      case 'gte':
        return (player as number) >= (first as number);
      case 'lte':
        return (player as number) <= (first as number);
      case 'include':
        return set.has(player);
      case 'exclude':
        return !set.has(player);
    }
  };
}

/**
 * Compile saved rules once (a global mail, a config value) into a predicate: evaluating it
 * parses nothing. `now` is the server clock in milliseconds.
 */
export function compileConditions(rules: readonly ConditionRule[]): (attrs: PlayerAttributes, now: number) => boolean {
  const checks = rules.map(compileRule);
  if (checks.length === 0) return () => true;
  return (attrs, now) => {
    const player = preparedPlayer(attrs, now);
    for (const check of checks) if (!check(player)) return false;
    return true;
  };
}

export function matchesConditions(rules: readonly ConditionRule[], attrs: PlayerAttributes, now: number): boolean {
  return compileConditions(rules)(attrs, now);
}
