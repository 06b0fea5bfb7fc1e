import { createHash } from 'node:crypto';
import {
  type CompiledLayer,
  type ConfigPlayer,
  compileConditions,
  compileLayer,
  type Experiment,
  experimentResource,
  layerExperimentOf,
  storedRules,
} from '@rookery/contracts';
import type { ConfigLayerResult } from '../../platform/resources/config-layers.js';
import type { ItemsByKind } from '../../platform/resources/game-views.js';

/** A running experiment as a player's evaluation reads it. */
interface LiveExperiment {
  doc: Experiment;
  matches: (attrs: ConfigPlayer['attrs'], now: number) => boolean;
  from: number;
  until: number;
}

/** The running experiments compiled once per change: one compiled layer each, and the version. */
export interface CompiledExperiments {
  version: string;
  layers: { name: string; compiled: CompiledLayer; experiments: Map<string, LiveExperiment> }[];
}

/** One exposure: the first time a player is assigned in a phase (the recorder drops repeats). */
export interface Exposure {
  experiment: string;
  phase: number;
  userId: number;
  variation: number;
  os: string | null;
  country: string | null;
  at: Date;
}

/**
 * Compile the running experiments by layer (layers in name order: when two layers' experiments
 * change one field, which the run check refuses, the first layer's would win). The version hashes
 * running experiment's key and version, so any change of one (and a stop) gives the config a new
 * version; a draft's edits do not.
 */
export function compileExperiments(items: ItemsByKind): CompiledExperiments {
  const hash = createHash('sha256');
  const byLayer = new Map<string, Experiment[]>();
  for (const item of items.get(experimentResource.name) ?? []) {
    const doc = item.document as Experiment;
    if (doc.status !== 'running') continue;
    hash.update(`${item.key}\u0000${item.version}\u0000`);
    byLayer.set(doc.layer, [...(byLayer.get(doc.layer) ?? []), doc]);
  }
  const layers = [...byLayer.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, docs]) => ({
      name,
      compiled: compileLayer({ namespace: name, hashVersion: 2 }, docs.map(layerExperimentOf)),
      experiments: new Map(
        docs.map((doc) => {
          const rules = storedRules(doc.targeting);
          return [
            doc.key,
            {
              doc,
              matches: rules.length ? compileConditions(rules) : () => true,
              from: doc.startAt ? Date.parse(doc.startAt) : Number.NEGATIVE_INFINITY,
              until: doc.endAt ? Date.parse(doc.endAt) : Number.POSITIVE_INFINITY,
            },
          ] as const;
        }),
      ),
    }));
  return { version: hash.digest('base64url').slice(0, 10), layers };
}

/**
 * The experiments a player is in now and the variables they set. Per layer: the layer hash picks
 * the experiment owning the player's bucket, its phase's hash the variation (`experiments.ts`);
 * the player must then match its targeting and the time must be inside its planned window. A
 * forced test player gets their variation whatever their bucket and targeting. Every assignment
 * by the hash is passed to `expose` (forced ones are left out of results).
 */
export function playerExperiments(
  compiled: CompiledExperiments,
  player: ConfigPlayer,
  now: Date,
  expose?: (exposure: Exposure) => void,
): ConfigLayerResult | undefined {
  if (compiled.layers.length === 0) return undefined;
  const ms = now.getTime();
  const variables = new Map<string, { value: unknown; experiment: string; variation: string }>();
  const list: ConfigLayerResult['list'] = [];
  for (const layer of compiled.layers) {
    const a = layer.compiled.assign(player.userId);
    if (!a) continue;
    const e = layer.experiments.get(a.experimentKey);
    if (!e) continue;
    if (!a.forced && (ms < e.from || ms >= e.until || !e.matches(player.attrs, ms))) continue;
    const variation = e.doc.variations[a.variation];
    list.push({ key: e.doc.key, variation: a.variation, variationName: variation.name });
    for (const v of variation.variables)
      if (!variables.has(v.field))
        variables.set(v.field, { value: v.value, experiment: e.doc.key, variation: variation.name });
    if (!a.forced)
      expose?.({
        experiment: e.doc.key,
        phase: e.doc.phase,
        userId: player.userId,
        variation: a.variation,
        os: player.attrs.os ?? null,
        country: player.attrs.country ?? null,
        at: now,
      });
  }
  return { variables, list, version: compiled.version };
}
