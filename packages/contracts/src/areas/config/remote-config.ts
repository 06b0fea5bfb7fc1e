import { type ConditionRule, checkConditionRule, compileConditions, type PlayerAttributes } from '../../conditions.js';
import { microPercentile, type PercentRule, percentRuleSchema } from '../../percent.js';
import {
  type ConditionalValue,
  type ConfigExplainField,
  type ConfigField,
  type ConfigOverride,
  type ConfigRule,
  type ConfigValueType,
  configValueError,
} from './resources.js';

/**
 * Remote config evaluation, pure and synchronous, shared by the server (the game's config fetch)
 * and the console ("Test on a player"). `compileRemoteConfig` turns the saved fields and tester
 * overrides into predicates once per change; `evaluateConfig` then reads no database and parses
 * nothing. Precedence per field (DESIGN §5):
 *
 *   tester override → running experiment's variable → active event config → global config → default
 *
 * Within the global config and within an event config the first conditional value whose
 * conditions all hold wins (Firebase Remote Config's rule); an event config none of whose values
 * match leaves the field to the global config.
 */

/** The player being evaluated: the user ID (percent rules, overrides) and the attributes conditions read. */
export interface ConfigPlayer {
  userId: number;
  attrs: PlayerAttributes;
}

/** What a running experiment assigns one field for a player. */
export interface ExperimentAssignment {
  value: unknown;
  experiment: string;
  variation: string;
}

/**
 * The A/B experiments' hook: for a player, the field values their running experiments assign
 * (field name → assignment), or undefined when none. The experiments area passes it to
 * `evaluateConfig`/`explainConfig`; until then there is none.
 */
export type ExperimentVariables = (
  player: ConfigPlayer,
  now: number,
) => ReadonlyMap<string, ExperimentAssignment> | undefined;

/** Per evaluation: each seed's percentile of this player, computed once. */
class Percentiles {
  private readonly bySeed = new Map<string, number>();
  constructor(private readonly userId: number) {}
  of(seed: string): number {
    let p = this.bySeed.get(seed);
    if (p === undefined) {
      p = microPercentile(seed, this.userId);
      this.bySeed.set(seed, p);
    }
    return p;
  }
}

type Match = (player: ConfigPlayer, now: number, percent: Percentiles) => boolean;

interface CompiledValue {
  index: number;
  label: string;
  value: unknown;
  match: Match;
}

interface CompiledEvent {
  name: string;
  from: number;
  until: number;
  values: CompiledValue[];
}

interface CompiledField {
  name: string;
  type: ConfigValueType;
  defaultValue: unknown;
  values: CompiledValue[];
  /** Ordered as saved: the first active event config with a matching value wins. */
  events: CompiledEvent[];
}

interface CompiledOverride {
  name: string;
  field: string;
  until: number;
  value: unknown;
}

export interface CompiledConfig {
  /** The config set's version (the caller's identifier of what was compiled). */
  version: string;
  /** Sorted by name. */
  fields: CompiledField[];
  /** Live-or-future overrides by user ID, ordered by name. */
  overridesByUser: Map<number, CompiledOverride[]>;
  /** Every event start and end and override end, ascending: between two of them only conditions can change a value. */
  boundaries: number[];
  /** Overrides whose value no longer fits their field (its type changed): ignored, listed for the console. */
  ignoredOverrides: string[];
}

function compileRule(rule: ConfigRule): Match {
  if (rule.attr === 'percent') {
    const parsed: PercentRule = percentRuleSchema.parse(rule);
    const seed = parsed.seed;
    if (parsed.op === 'between') {
      const [lower, upper] = parsed.value as [number, number];
      return (_player, _now, percent) => {
        const x = percent.of(seed);
        return x > lower && x <= upper;
      };
    }
    const bound = parsed.value as number;
    return parsed.op === 'lte'
      ? (_player, _now, percent) => percent.of(seed) <= bound
      : (_player, _now, percent) => percent.of(seed) > bound;
  }
  throw new Error('not a percent rule');
}

function compileMatch(conditions: readonly ConfigRule[]): Match {
  const shared: ConditionRule[] = [];
  const percents: Match[] = [];
  for (const rule of conditions) {
    if (rule.attr === 'percent') {
      percents.push(compileRule(rule));
      continue;
    }
    const checked = checkConditionRule(rule);
    // Saved documents passed this check; a rule that no longer does matches nobody.
    if ('error' in checked) return () => false;
    shared.push(checked.rule);
  }
  const attrs = shared.length > 0 ? compileConditions(shared) : null;
  if (!attrs && percents.length === 0) return () => true;
  if (!attrs && percents.length === 1) return percents[0];
  return (player, now, percent) => {
    if (attrs && !attrs(player.attrs, now)) return false;
    for (const p of percents) if (!p(player, now, percent)) return false;
    return true;
  };
}

const compileValues = (values: readonly ConditionalValue[]): CompiledValue[] =>
  values.map((v, index) => ({ index, label: v.label ?? '', value: v.value, match: compileMatch(v.conditions ?? []) }));

/**
 * Compile saved fields and overrides (documents as the kit stores them). `version` names the
 * config set (the server derives it from the saved versions, so every instance gives the same).
 */
export function compileRemoteConfig(input: {
  fields: readonly ConfigField[];
  overrides: readonly ConfigOverride[];
  version: string;
}): CompiledConfig {
  const boundaries = new Set<number>();
  const fields: CompiledField[] = [...input.fields]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((f) => ({
      name: f.name,
      type: f.type,
      defaultValue: f.defaultValue,
      values: compileValues(f.values ?? []),
      events: (f.events ?? []).map((e) => {
        const from = Date.parse(e.effectiveAt);
        const until = Date.parse(e.expireAt);
        boundaries.add(from);
        boundaries.add(until);
        return { name: e.name, from, until, values: compileValues(e.values) };
      }),
    }));
  const types = new Map(fields.map((f) => [f.name, f.type]));
  const overridesByUser = new Map<number, CompiledOverride[]>();
  const ignoredOverrides: string[] = [];
  for (const o of [...input.overrides].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const type = types.get(o.field);
    if (!type || configValueError(type, o.value)) {
      ignoredOverrides.push(o.name);
      continue;
    }
    const compiled = { name: o.name, field: o.field, until: Date.parse(o.endAt), value: o.value };
    boundaries.add(compiled.until);
    for (const id of o.userIds) {
      const list = overridesByUser.get(id);
      if (list) list.push(compiled);
      else overridesByUser.set(id, [compiled]);
    }
  }
  return {
    version: input.version,
    fields,
    overridesByUser,
    boundaries: [...boundaries].sort((a, b) => a - b),
    ignoredOverrides,
  };
}

/** The player's overrides live at `now`, by field (the first by name wins). */
function liveOverrides(compiled: CompiledConfig, userId: number, now: number): Map<string, CompiledOverride> | null {
  const list = compiled.overridesByUser.get(userId);
  if (!list) return null;
  let live: Map<string, CompiledOverride> | null = null;
  for (const o of list) {
    if (now >= o.until) continue;
    live ??= new Map();
    if (!live.has(o.field)) live.set(o.field, o);
  }
  return live;
}

function firstMatch(values: readonly CompiledValue[], player: ConfigPlayer, now: number, percent: Percentiles) {
  for (const v of values) if (v.match(player, now, percent)) return v;
  return undefined;
}

function eventMatch(field: CompiledField, player: ConfigPlayer, now: number, percent: Percentiles) {
  for (const e of field.events) {
    if (now < e.from || now >= e.until) continue;
    const v = firstMatch(e.values, player, now, percent);
    if (v) return { event: e, value: v };
  }
  return undefined;
}

/** Every field's value for this player at `now` (the server clock, ms). */
export function evaluateConfig(
  compiled: CompiledConfig,
  player: ConfigPlayer,
  now: number,
  experiments?: ExperimentVariables,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const overrides = liveOverrides(compiled, player.userId, now);
  const assigned = experiments?.(player, now);
  const percent = new Percentiles(player.userId);
  for (const f of compiled.fields) {
    const o = overrides?.get(f.name);
    if (o) {
      out[f.name] = o.value;
      continue;
    }
    const a = assigned?.get(f.name);
    if (a) {
      out[f.name] = a.value;
      continue;
    }
    if (f.events.length > 0) {
      const e = eventMatch(f, player, now, percent);
      if (e) {
        out[f.name] = e.value.value;
        continue;
      }
    }
    const g = firstMatch(f.values, player, now, percent);
    out[f.name] = g ? g.value : f.defaultValue;
  }
  return out;
}

/** Every field's value for this player at `now`, and which override, experiment, event or condition chose it. */
export function explainConfig(
  compiled: CompiledConfig,
  player: ConfigPlayer,
  now: number,
  experiments?: ExperimentVariables,
): ConfigExplainField[] {
  const overrides = liveOverrides(compiled, player.userId, now);
  const assigned = experiments?.(player, now);
  const percent = new Percentiles(player.userId);
  return compiled.fields.map((f) => {
    const base = {
      name: f.name,
      type: f.type,
      override: null,
      experiment: null,
      variation: null,
      event: null,
      valueIndex: null,
      label: null,
    };
    const o = overrides?.get(f.name);
    if (o) return { ...base, value: o.value, source: 'override', override: o.name };
    const a = assigned?.get(f.name);
    if (a) return { ...base, value: a.value, source: 'experiment', experiment: a.experiment, variation: a.variation };
    const e = eventMatch(f, player, now, percent);
    if (e)
      return {
        ...base,
        value: e.value.value,
        source: 'event',
        event: e.event.name,
        valueIndex: e.value.index,
        label: e.value.label,
      };
    const g = firstMatch(f.values, player, now, percent);
    if (g) return { ...base, value: g.value, source: 'global', valueIndex: g.index, label: g.label };
    return { ...base, value: f.defaultValue, source: 'default' };
  });
}
