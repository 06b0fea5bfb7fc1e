import {
  type BucketRange,
  bucketCount,
  type ConfigField,
  configResource,
  configValueError,
  configValueTypeLabels,
  coverageBuckets,
  type Experiment,
  type ExperimentPhase,
  endHasPassed,
  experimentResource,
  experimentStatusLabels,
  experimentTransitions,
  freeBucketRanges,
  LAYER_BUCKETS,
  type Locale,
  layerExperimentOf,
  nextRampStep,
} from '@rookery/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { itemDocuments } from '../../platform/resources/items.js';
import type { BeforeSaveInput, ListActionRun } from '../../platform/resources/registrar.js';
import { findItem } from '../../platform/resources/service.js';

/**
 * The experiment lifecycle (issue 30 item 2, spec §4), enforced where every save passes: the kit's
 * `beforeSave`. The server owns `status`, `phase`, `ranges` and `phases`: a form's save keeps the
 * stored ones, and only the declared row actions (run, ramp, new phase, stop, archive) move them.
 * A form's save of a running experiment may grow its traffic (a ramp) or change its weights (a new
 * phase with a new seed), never its variations' variables. Ranges are taken under the layer's row
 * lock, so two experiments of a layer never own the same bucket.
 */

const managed = experimentResource.serverOwned ?? [];

/** The running experiments (of every layer) other than `except`, in key order. */
export function runningExperiments(db: Db, except = ''): Promise<Experiment[]> {
  return itemDocuments<Experiment>(db, experimentResource, { matching: { status: 'running' }, exceptKey: except });
}

/** The other running experiments of a layer (not `except`), locked by the caller's layer lock. */
const runningInLayer = async (db: Db, layer: string, except: string) =>
  (await runningExperiments(db, except)).filter((e) => e.layer === layer);

/** Merge touching ranges: [0,10) + [10,20) → [0,20). */
function merged(ranges: readonly BucketRange[]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && last[1] >= a) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** What `doc` owns of its layer and what the layer has free for it (held by no other running experiment). */
async function layerRoom(db: Db, doc: Experiment, lock: boolean) {
  // The layer's row lock serialises every allocation of this layer.
  if (lock) await findItem(db, 'abLayer', doc.layer, true);
  const others = await runningInLayer(db, doc.layer, doc.key);
  const owned = merged(doc.ranges);
  const free = freeBucketRanges(others.map(layerExperimentOf).concat({ ...layerExperimentOf(doc), ranges: owned }));
  return { owned, free };
}

const percentOf = (buckets: number) => buckets / (LAYER_BUCKETS / 100);

/**
 * The refusal of traffic the layer cannot give, naming its free share. `field`: the traffic field
 * of a form's save carries the same message; an action (run, ramp) has no field, its refusal is
 * shown on the action.
 */
const layerFull = (doc: Experiment, free: number, needed: number, field: boolean) =>
  new AppError(409, 'abtest.layerFull', {
    vars: { layer: doc.layer, free: String(percentOf(free)), needed: String(percentOf(needed)) },
    ...(field ? { fields: [{ field: 'coverage', message: 'abtest.layerFull' }] } : {}),
  });

/**
 * Where the ramp action takes a running experiment: its next ramp step, or — when the layer has
 * less room than that — as far as the layer's free share reaches (from 50 % beside another
 * experiment holding 30 %, 70 %, never a 100 % that cannot fit). Null when the layer has no room
 * at all or the experiment is at 100 %. The confirmation's figures and the action use this one
 * answer, so what the operator confirms is what is stored.
 */
export async function rampCoverage(db: Db, doc: Experiment, lock = false): Promise<number | null> {
  const next = nextRampStep(doc.coverage);
  if (next === null) return null;
  const { owned, free } = await layerRoom(db, doc, lock);
  const target = Math.min(coverageBuckets(next), bucketCount(owned) + bucketCount(free));
  return target > coverageBuckets(doc.coverage) ? percentOf(target) : null;
}

/**
 * Grow `doc.ranges` to the buckets its traffic asks for, from the layer's free buckets (lowest
 * first). Never gives up a bucket it owns: an enrolled player stays where they are.
 */
async function takeBuckets(db: Db, doc: Experiment, field: boolean): Promise<void> {
  const { owned, free } = await layerRoom(db, doc, true);
  const needed = coverageBuckets(doc.coverage) - bucketCount(owned);
  if (needed <= 0) {
    doc.ranges = owned;
    return;
  }
  const freeCount = bucketCount(free);
  if (freeCount < needed) throw layerFull(doc, freeCount, needed, field);
  let rest = needed;
  const taken: BucketRange[] = [];
  for (const [a, b] of free) {
    if (rest <= 0) break;
    const n = Math.min(rest, b - a);
    taken.push([a, a + n]);
    rest -= n;
  }
  doc.ranges = merged([...owned, ...taken]);
}

/** 400 naming the field when a variable names no config field or a value of the wrong type. */
async function checkVariables(db: Db, doc: Experiment, locale: Locale): Promise<void> {
  const types = new Map<string, ConfigField['type']>();
  for (const [i, name] of doc.configFields.entries()) {
    const row = await findItem(db, configResource.name, name);
    if (!row)
      throw new AppError(400, 'abtest.unknownField', {
        vars: { field: name },
        fields: [{ field: `configFields.${i}`, message: 'abtest.unknownFieldShort' }],
      });
    types.set(name, (row.document as ConfigField).type);
  }
  for (const [i, v] of doc.variations.entries())
    for (const [j, x] of v.variables.entries()) {
      const type = types.get(x.field);
      if (!type) continue;
      const error = x.value === undefined ? 'v.required' : configValueError(type, x.value);
      if (error)
        throw new AppError(400, 'abtest.valueType', {
          vars: { variation: v.name, field: x.field, type: configValueTypeLabels[type][locale] },
          fields: [{ field: `variations.${i}.variables.${j}.value`, message: error }],
        });
    }
}

/** 409 when another running experiment (of any layer) already changes one of these fields. */
async function checkFieldsFree(db: Db, doc: Experiment): Promise<void> {
  for (const other of await runningExperiments(db, doc.key)) {
    const field = doc.configFields.find((f) => other.configFields.includes(f));
    if (field)
      throw new AppError(409, 'abtest.fieldInUse', {
        vars: { field, experiment: other.key },
        fields: [{ field: 'configFields', message: 'abtest.fieldInUseShort' }],
      });
  }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const weightsOf = (doc: Experiment) => doc.variations.map((v) => v.weight);
/** The variations without their weights: what a running experiment may not change. */
const variationsShape = (doc: Experiment) => doc.variations.map((v) => ({ name: v.name, variables: v.variables }));

function refuse(message: string, field: string, vars?: Record<string, string>): never {
  throw new AppError(409, message, { vars, fields: [{ field, message }] });
}

function closePhase(phases: readonly ExperimentPhase[], now: Date): ExperimentPhase[] {
  return phases.map((p, i) => (i === phases.length - 1 && !p.stoppedAt ? { ...p, stoppedAt: now.toISOString() } : p));
}
const openPhase = (doc: Experiment, now: Date): ExperimentPhase => ({
  startedAt: now.toISOString(),
  stoppedAt: null,
  weights: weightsOf(doc),
  coverage: doc.coverage,
});

/** Every save of an experiment: see the module comment. Mutates `input.doc` to what is written. */
export async function beforeExperimentSave(input: BeforeSaveInput): Promise<void> {
  const { db, locale, now, action } = input;
  const doc = input.doc as Experiment;
  const prev = input.previous as Experiment | null;

  if (!prev || !action) {
    // A form's save, a create or a restore: the lifecycle fields stay the stored ones.
    if (prev) for (const f of managed) (doc as Record<string, unknown>)[f] = prev[f];
    else Object.assign(doc, { status: 'draft', phase: 0, ranges: [], phases: [] });
  }
  await checkVariables(db, doc, locale);
  if (!prev) return;
  if (input.mode === 'restore' && prev.status !== 'draft') refuse('abtest.restoreRunning', 'status');
  if (doc.layer !== prev.layer && prev.phase > 0) refuse('abtest.layerChange', 'layer');

  if (action && doc.status !== prev.status) {
    if (!experimentTransitions[doc.status]?.includes(prev.status))
      throw new AppError(409, 'abtest.transition', {
        vars: { from: experimentStatusLabels[prev.status][locale], to: experimentStatusLabels[doc.status][locale] },
      });
    if (doc.status === 'running') {
      // A planned end already passed assigns no player (a save refuses setting one: `futureEnds`).
      if (endHasPassed(doc.endAt, now.getTime())) throw new AppError(409, 'abtest.endInPast');
      await checkFieldsFree(db, doc);
      doc.ranges = [];
      await takeBuckets(db, doc, false);
      doc.phase = 1;
      doc.phases = [openPhase(doc, now)];
    } else if (doc.status === 'stopped') doc.phases = closePhase(prev.phases, now);
    return;
  }
  if (prev.status !== 'running') return;

  // A running experiment: what it gives players is fixed; its traffic only grows.
  if (!sameJson(variationsShape(doc), variationsShape(prev)) || !sameJson(doc.configFields, prev.configFields))
    refuse('abtest.runningVariables', 'variations');
  if (coverageBuckets(doc.coverage) < coverageBuckets(prev.coverage)) refuse('abtest.coverageShrink', 'coverage');
  if (action === 'ramp') {
    // As far as the layer has room for (the confirmation said so), or refused on the action.
    const target = await rampCoverage(db, prev, true);
    if (target === null) {
      const { free } = await layerRoom(db, prev, false);
      const next = nextRampStep(prev.coverage) ?? prev.coverage;
      throw layerFull(prev, bucketCount(free), coverageBuckets(next) - bucketCount(prev.ranges), false);
    }
    doc.coverage = target;
  }
  if (coverageBuckets(doc.coverage) > bucketCount(prev.ranges)) await takeBuckets(db, doc, !action);
  const newPhase =
    !sameJson(weightsOf(doc), weightsOf(prev)) || (action === 'newPhase' && doc.phase === prev.phase + 1);
  if (newPhase) {
    doc.phase = prev.phase + 1;
    doc.phases = [...closePhase(prev.phases, now), openPhase(doc, now)];
  } else doc.phase = prev.phase;
}

/** The declared row actions: each gives the document it asks for (checked and completed by `beforeExperimentSave`). */
export const experimentActions: Record<string, ListActionRun> = {
  run: ({ document }) => {
    const doc = document as Experiment;
    return doc.status === 'draft' ? { ...doc, status: 'running' } : null;
  },
  ramp: ({ document }) => {
    const doc = document as Experiment;
    const next = nextRampStep(doc.coverage);
    return doc.status === 'running' && next !== null ? { ...doc, coverage: next } : null;
  },
  newPhase: ({ document }) => {
    const doc = document as Experiment;
    return doc.status === 'running' ? { ...doc, phase: doc.phase + 1 } : null;
  },
  stop: ({ document }) => {
    const doc = document as Experiment;
    return doc.status === 'running' ? { ...doc, status: 'stopped' } : null;
  },
  archive: ({ document }) => {
    const doc = document as Experiment;
    return doc.status === 'stopped' || doc.status === 'draft' ? { ...doc, status: 'archived' } : null;
  },
};
