import {
  type CompiledConfig,
  type ConfigExplainField,
  type ConfigPlayer,
  type ExperimentAssignment,
  evaluateConfig,
  explainConfig,
} from '@rookery/contracts';
import type { Db } from '../../platform/db/client.js';
import type { ConfigLayer, ConfigLayerResult } from '../../platform/resources/config-layers.js';
import type { CompiledView } from '../../platform/resources/game-views.js';

/** Remote config for one player at one time: the one place its layers are folded. */
export interface LayeredConfig {
  /**
   * The answer's one version: the compiled fields' and overrides' version, then each layer's
   * that gave this player something, in layer order, joined by dots (with the experiments layer
   * alone: `<config>.<experiments>`, as the game has always been told).
   */
  version: string;
  /** The game's `experiments`: the entries of every layer, in layer order. */
  experiments: ConfigLayerResult['list'];
  /** Every field's value (the game's `values`). */
  values(): Record<string, unknown>;
  /** Every field's value and what chose it (the console's "test on a player"). */
  explain(): ConfigExplainField[];
}

/**
 * The evaluation of remote config, shared by the game's fetch and the console's explain so both
 * tell the same version: tester overrides on top (in the compiled config), then the layers
 * areas registered on the kit, by ascending order (the first that sets a field wins), then
 * events, conditions and defaults. Each layer is called once per evaluation.
 */
export function configLayering(snapshot: CompiledView<CompiledConfig>, layers: () => readonly ConfigLayer[]) {
  return async function layeredConfig(
    db: Db,
    player: ConfigPlayer,
    now: Date,
    opts: { expose: boolean },
  ): Promise<LayeredConfig> {
    const compiled = await snapshot.get(db);
    let version = compiled.version;
    let variables: ReadonlyMap<string, ExperimentAssignment> | undefined;
    let experiments: ConfigLayerResult['list'] = [];
    for (const l of layers()) {
      const r = await l.layer(db, player, now, opts);
      if (!r) continue;
      version = `${version}.${r.version}`;
      experiments = experiments.length === 0 ? r.list : [...experiments, ...r.list];
      if (!variables) variables = r.variables;
      else {
        const merged = new Map(variables);
        for (const [field, a] of r.variables) if (!merged.has(field)) merged.set(field, a);
        variables = merged;
      }
    }
    const assigned = variables && (() => variables);
    const ms = now.getTime();
    return {
      version,
      experiments,
      values: () => evaluateConfig(compiled, player, ms, assigned),
      explain: () => explainConfig(compiled, player, ms, assigned),
    };
  };
}

export type LayeredConfigOf = ReturnType<typeof configLayering>;
