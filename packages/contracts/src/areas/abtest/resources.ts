import { z } from 'zod';
import { type Label, zhEn } from '../../bilingual.js';
import { storedConditionsSchema } from '../../conditions.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { codedValues } from '../../enums.js';
import { isoDateTime, playerUserId } from '../../fields.js';
import { defineResource, type ResourcePermissions, resourceKeySchema } from '../../resource.js';
import { documentText, optionalDocumentText } from '../../text.js';
import { audienceCountSchema } from '../players/audience.js';
import { type BucketRange, experimentStatuses, LAYER_BUCKETS, type LayerExperiment, phaseSeed } from './experiments.js';

/**
 * A/B tests (issue 30, spec §2 `/abtest`, DESIGN §5): layers and experiments declared on the
 * resource kit (versions, audit, references, list filters and row actions), the lifecycle
 * draft → running → stopped → archived, and the console calls the screens need beyond the kit
 * (the impact of an action, the layers' buckets, results, the experiments forcing a player).
 * Assignment itself is `experiments.ts`; the server keeps `status`, `phase`, `ranges` and
 * `phases` (a body cannot set them: they follow from the actions).
 */

export const experimentStatusLabels = {
  draft: zhEn('草稿', 'Draft'),
  running: zhEn('运行中', 'Running'),
  stopped: zhEn('已停止', 'Stopped'),
  archived: zhEn('已归档', 'Archived'),
} as const satisfies Record<(typeof experimentStatuses)[number], Label>;

/** From which state each state may be reached (spec §4: a stopped experiment is archived, never re-run). */
export const experimentTransitions: Readonly<Record<string, readonly string[]>> = {
  running: ['draft'],
  stopped: ['running'],
  archived: ['stopped', 'draft'],
};

// ---------------------------------------------------------------------------------------------
// Layers

export const abLayerSchema = z.object({
  /** Also the GrowthBook namespace whose hash places each player in one of the 10,000 buckets. */
  name: resourceKeySchema,
  description: optionalDocumentText(500),
});
export type AbLayer = z.infer<typeof abLayerSchema>;

/** Experiments and layers are remote config's: the same permissions. */
const abPermissions: ResourcePermissions = {
  query: ['configQuery'],
  create: ['configCreate'],
  edit: ['configCreate'],
  delete: ['configDelete'],
};

export const abLayerResource = defineResource({
  name: 'abLayer',
  label: zhEn('实验层', 'Layer'),
  schema: abLayerSchema,
  key: 'name',
  listFields: ['name', 'description'],
  labels: { name: zhEn('层名称', 'Layer name'), description: zhEn('说明', 'Description') },
  list: {
    sort: ['name', 'updatedAt'],
    export: ['name', 'description', 'version', 'updatedBy', 'updatedAt'],
  },
  search: ['name', 'description'],
  permissions: abPermissions,
  versioned: true,
  gameVisible: false,
  routes: { list: 'abtestLayer' },
});

// ---------------------------------------------------------------------------------------------
// Metrics

/** The retention days an experiment can measure (a login on that calendar day after exposure). */
export const retentionDays = [1, 7] as const;
const eventName = /^[a-z][A-Za-z0-9_.]{0,63}$/;
export const { codes: eventAggregates, labels: eventAggregateLabels } = codedValues({
  any: zhEn('触发比例', 'Share of players with it'),
  count: zhEn('人均次数', 'Count per player'),
  sum: zhEn('人均数值', 'Value per player'),
});
export type EventAggregate = (typeof eventAggregates)[number];

/**
 * A metric as an experiment names it: `retention:1`, `retention:7` or `event:<name>:<any|count|sum>`
 * (a player's events at or after their exposure). Purchases join once orders exist.
 */
export const experimentMetricSchema = z.string({ error: 'abtest.metric' }).refine(
  (m) => {
    const [kind, a, b, ...rest] = m.split(':');
    if (rest.length) return false;
    if (kind === 'retention') return b === undefined && retentionDays.some((d) => String(d) === a);
    return kind === 'event' && eventName.test(a ?? '') && eventAggregates.includes(b as EventAggregate);
  },
  { error: 'abtest.metric' },
);

/** A metric's parts: retention days, or an event and its aggregate. */
export type MetricKey = { kind: 'retention'; days: 1 | 7 } | { kind: 'event'; name: string; aggregate: EventAggregate };
export function parseMetric(metric: string): MetricKey | null {
  if (!experimentMetricSchema.safeParse(metric).success) return null;
  const [kind, a, b] = metric.split(':');
  return kind === 'retention'
    ? { kind: 'retention', days: Number(a) as 1 | 7 }
    : { kind: 'event', name: a, aggregate: b as EventAggregate };
}
/** Whether a metric is a share of players (0/1 per player) rather than a mean of values. */
export const isRateMetric = (m: MetricKey) => m.kind === 'retention' || m.aggregate === 'any';

/** What a metric is called on screen ("Day-1 retention", "level_up: count per player"). */
export function metricLabel(metric: string): Label {
  const m = parseMetric(metric);
  if (!m) return zhEn(metric, metric);
  if (m.kind === 'retention')
    return m.days === 1 ? zhEn('次日留存', 'Day-1 retention') : zhEn('7 日留存', 'Day-7 retention');
  const a = eventAggregateLabels[m.aggregate];
  return zhEn(`${m.name}：${a['zh-CN']}`, `${m.name}: ${a['en-US']}`);
}

// ---------------------------------------------------------------------------------------------
// Experiments

export const maxVariations = 10;
export const maxExperimentFields = 20;
export const maxForcedPlayers = 100;

const variableSchema = z.object({
  /** A config field among the experiment's `configFields`. */
  field: resourceKeySchema,
  /** Checked against the field's type on save. */
  value: z.unknown().optional(),
});

export const variationSchema = z.object({
  name: documentText(50),
  /** Share of the experiment's players, in percent; the weights add up to 100. */
  weight: z.number({ error: 'abtest.weight' }).min(1, { error: 'abtest.weight' }).max(99, { error: 'abtest.weight' }),
  /** The config values this variation gives; a field left out keeps its usual value. */
  variables: z.array(variableSchema).max(maxExperimentFields).default([]),
});
export type Variation = z.infer<typeof variationSchema>;

export const forcedPlayerSchema = z.object({
  userId: z
    .number({ error: 'v.userIdFormat' })
    .int({ error: 'v.userIdFormat' })
    .min(1, { error: 'v.userIdFormat' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'v.userIdFormat' }),
  /** The variation's index (0 = control). */
  variation: z.number({ error: 'abtest.forcedVariation' }).int({ error: 'abtest.forcedVariation' }).min(0),
});

const bucketRangeSchema = z.tuple([z.number().int().min(0), z.number().int().max(LAYER_BUCKETS)]);

/** One phase of a running experiment: its weights and traffic from its start (a new seed each). */
export const experimentPhaseSchema = z.object({
  startedAt: isoDateTime,
  stoppedAt: isoDateTime.nullable(),
  /** Percent per variation. */
  weights: z.array(z.number()),
  /** Percent of the layer when the phase started (ramp-ups within a phase keep the phase). */
  coverage: z.number(),
});
export type ExperimentPhase = z.infer<typeof experimentPhaseSchema>;

/** Traffic in percent of the layer: 0.01 (one bucket) to 100. */
const coverageSchema = z
  .number({ error: 'abtest.coverage' })
  .min(0.01, { error: 'abtest.coverage' })
  .max(100, { error: 'abtest.coverage' })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: 'abtest.coverage' });

export const experimentSchema = z
  .object({
    /** The experiment key the game receives (and GrowthBook's `key`, the first phase's seed). */
    key: resourceKeySchema,
    name: documentText(100),
    /** A one-line summary shown in lists. */
    info: optionalDocumentText(200),
    description: optionalDocumentText(2000),
    hypothesis: optionalDocumentText(2000),
    owner: optionalDocumentText(100),
    layer: resourceKeySchema,
    /** The config fields it changes. */
    configFields: z
      .array(resourceKeySchema, { error: 'abtest.fieldsRequired' })
      .min(1, { error: 'abtest.fieldsRequired' })
      .max(maxExperimentFields),
    /** Who may enter: the shared conditions (empty = every player of its traffic). */
    targeting: storedConditionsSchema.default([]),
    /** The planned window: outside it no player is assigned (the service clock decides). */
    startAt: isoDateTime.nullable().default(null),
    endAt: isoDateTime.nullable().default(null),
    /** Percent of the layer's players it takes (its bucket ranges). */
    coverage: coverageSchema.default(100),
    /** Variation 0 is the control. */
    variations: z
      .array(variationSchema, { error: 'abtest.variationsCount' })
      .min(2, { error: 'abtest.variationsCount' })
      .max(maxVariations, { error: 'abtest.variationsCount' }),
    /** Listed test players and the variation each sees (tester overrides still win). */
    forced: z.array(forcedPlayerSchema).max(maxForcedPlayers, { error: 'abtest.forcedTooMany' }).default([]),
    metrics: z.array(experimentMetricSchema).max(10).default(['retention:1', 'retention:7']),
    // The server's: set by the lifecycle actions, kept from the stored experiment on every save.
    status: z.enum(experimentStatuses).default('draft'),
    /** 0 until it first runs; each new phase reshuffles with seed `phaseSeed(key, phase)`. */
    phase: z.number().int().min(0).default(0),
    /** The layer buckets it owns while running, [start, end). */
    ranges: z.array(bucketRangeSchema).default([]),
    phases: z.array(experimentPhaseSchema).default([]),
  })
  .superRefine((doc, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const total = doc.variations.reduce((sum, v) => sum + (typeof v.weight === 'number' ? v.weight : 0), 0);
    if (Math.abs(total - 100) > 0.01) issue(['variations'], 'abtest.weightsSum');
    const names = new Set<string>();
    doc.variations.forEach((v, i) => {
      if (names.has(v.name)) issue(['variations', i, 'name'], 'abtest.variationNameTaken');
      names.add(v.name);
      const seen = new Set<string>();
      v.variables.forEach((x, j) => {
        if (!doc.configFields.includes(x.field))
          issue(['variations', i, 'variables', j, 'field'], 'abtest.variableNotInFields');
        if (seen.has(x.field)) issue(['variations', i, 'variables', j, 'field'], 'abtest.variableTwice');
        seen.add(x.field);
      });
    });
    doc.configFields.forEach((f, i) => {
      if (doc.configFields.indexOf(f) !== i) issue(['configFields', i], 'abtest.fieldTwice');
    });
    const players = new Set<number>();
    doc.forced.forEach((f, i) => {
      if (f.variation >= doc.variations.length) issue(['forced', i, 'variation'], 'abtest.forcedVariation');
      if (players.has(f.userId)) issue(['forced', i, 'userId'], 'abtest.forcedTwice');
      players.add(f.userId);
    });
    doc.metrics.forEach((m, i) => {
      if (doc.metrics.indexOf(m) !== i) issue(['metrics', i], 'abtest.metricTwice');
    });
    if (doc.startAt && doc.endAt && Date.parse(doc.endAt) <= Date.parse(doc.startAt))
      issue(['endAt'], 'abtest.endAfterStart');
  });
export type Experiment = z.infer<typeof experimentSchema>;

/** How many of the layer's buckets a traffic percent is. */
export const coverageBuckets = (coverage: number) => Math.round(coverage * (LAYER_BUCKETS / 100));
/** The buckets a set of ranges holds. */
export const bucketCount = (ranges: readonly BucketRange[]) => ranges.reduce((n, [a, b]) => n + (b - a), 0);

/** The ramp row action's steps of traffic (percent of the layer). */
export const rampSteps = [1, 5, 10, 25, 50, 100] as const;
/** The next ramp step above `coverage`, or null at 100%. */
export const nextRampStep = (coverage: number): number | null => rampSteps.find((s) => s > coverage) ?? null;

/** The experiment as assignment takes it (its current phase flattened in; `ranges` carry the traffic). */
export function layerExperimentOf(doc: Experiment): LayerExperiment {
  return {
    key: doc.key,
    status: doc.status,
    ranges: doc.ranges,
    seed: phaseSeed(doc.key, doc.phase),
    hashVersion: 2,
    variations: doc.variations.length,
    weights: doc.variations.map((v) => v.weight / 100),
    // The layer ranges are the traffic: every player of them enters (GrowthBook coverage 1).
    coverage: 1,
    forced: new Map(doc.forced.map((f) => [String(f.userId), f.variation])),
  };
}

export const experimentResource = defineResource({
  name: 'experiment',
  label: zhEn('实验', 'Experiment'),
  futureEnds: [{ field: 'endAt', message: 'abtest.endInPast' }],
  schema: experimentSchema,
  key: 'key',
  listFields: ['key', 'name', 'status', 'layer', 'coverage', 'variations', 'phase', 'owner'],
  labels: {
    key: zhEn('实验标识', 'Experiment key'),
    info: zhEn('简介', 'Summary'),
    description: zhEn('描述', 'Description'),
    hypothesis: zhEn('假设', 'Hypothesis'),
    owner: zhEn('负责人', 'Owner'),
    layer: zhEn('层', 'Layer'),
    configFields: zhEn('改变的配置字段', 'Config fields it changes'),
    targeting: zhEn('目标玩家', 'Targeting'),
    startAt: zhEn('计划开始时间', 'Planned start'),
    endAt: zhEn('计划结束时间', 'Planned end'),
    coverage: zhEn('流量 %', 'Traffic %'),
    variations: zhEn('版本', 'Variations'),
    forced: zhEn('指定测试玩家', 'Forced test players'),
    metrics: zhEn('指标', 'Metrics'),
    phase: zhEn('阶段', 'Phase'),
  },
  list: {
    filters: {
      status: { kind: 'enum', field: 'status', values: experimentStatusLabels },
      layer: { kind: 'reference', field: 'layer', resource: 'abLayer' },
    },
    sort: ['key', 'name', 'status', 'updatedAt'],
    actions: {
      run: {
        label: zhEn('运行', 'Run'),
        sentence: zhEn('运行了{experiment}', 'ran {experiment}'),
        consequence: zhEn(
          '实验开始：在其层中占用空闲流量，符合目标条件的玩家下次获取配置时按权重进入各版本并收到版本变量。',
          'The experiment starts: it takes free traffic of its layer, and the players its targeting selects enter its variations by weight at their next config fetch and receive the variables.',
        ),
        permission: ['configCreate'],
        row: true,
      },
      ramp: {
        label: zhEn('扩大流量', 'Ramp up'),
        sentence: zhEn('扩大了{experiment}的流量', 'ramped up {experiment}'),
        consequence: zhEn(
          '流量增加到下一档（1%、5%、10%、25%、50%、100%）：更多玩家进入实验，已进入的玩家保持原版本。',
          'The traffic grows to the next step (1%, 5%, 10%, 25%, 50%, 100%): more players enter; players already in keep their variation.',
        ),
        permission: ['configCreate'],
        row: true,
      },
      newPhase: {
        label: zhEn('开始新阶段', 'Start a new phase'),
        sentence: zhEn('为{experiment}开始了新阶段', 'started a new phase of {experiment}'),
        consequence: zhEn(
          '以新的种子重新分配：实验中的每个玩家重新抽取版本，结果从新阶段重新统计。',
          'Everyone is reassigned with a new seed: each player in the experiment draws a variation again, and results count afresh from the new phase.',
        ),
        permission: ['configCreate'],
        row: true,
        danger: true,
      },
      stop: {
        label: zhEn('停止', 'Stop'),
        sentence: zhEn('停止了{experiment}', 'stopped {experiment}'),
        consequence: zhEn(
          '实验结束：玩家下次获取配置时不再收到版本变量，恢复正常配置；流量归还给层。停止后不能再次运行。',
          'The experiment ends: at their next config fetch players no longer receive its variables and get the usual config; its traffic returns to the layer. A stopped experiment cannot run again.',
        ),
        permission: ['configCreate'],
        row: true,
        danger: true,
      },
      archive: {
        label: zhEn('归档', 'Archive'),
        sentence: zhEn('归档了{experiment}', 'archived {experiment}'),
        consequence: zhEn(
          '实验移入归档，结果仍可查看，不能再运行。',
          'The experiment moves to the archive; its results stay readable and it cannot run again.',
        ),
        permission: ['configCreate'],
        row: true,
        bulk: true,
      },
    },
    export: [
      'key',
      'name',
      'status',
      'layer',
      'coverage',
      'phase',
      'owner',
      'startAt',
      'endAt',
      'updatedBy',
      'updatedAt',
    ],
  },
  search: ['key', 'name', 'info', 'owner'],
  // Set by the lifecycle actions only: a form's save keeps the stored ones (server: lifecycle.ts).
  serverOwned: ['status', 'phase', 'ranges', 'phases'],
  permissions: abPermissions,
  versioned: true,
  gameVisible: false,
  references: [
    { field: 'layer', kind: 'abLayer', keys: (doc) => [doc.layer] },
    // A config field a running experiment changes cannot be deleted (the kit names the experiment).
    { field: 'configFields', kind: 'config', keys: (doc) => (doc.status === 'running' ? doc.configFields : []) },
  ],
  routes: { list: 'abtestExperiment', edit: 'abtestExperimentEdit' },
});

// ---------------------------------------------------------------------------------------------
// Console calls beyond the kit

const keyParams = z.object({ key: resourceKeySchema });

/** The lifecycle changes whose impact the confirmation states. */
export const experimentChanges = ['run', 'ramp', 'newPhase', 'stop', 'archive', 'traffic'] as const;
export type ExperimentChange = (typeof experimentChanges)[number];

export const experimentImpactSchema = z.object({
  /** The players the targeting selects now (all layers' players: a layer splits everyone). */
  audience: audienceCountSchema,
  /** The experiment's share of its layer before and after, 0 … 1. */
  shareBefore: z.number(),
  shareAfter: z.number(),
  /** About how many players are in it before and after (audience × share). */
  playersBefore: z.number().int(),
  playersAfter: z.number().int(),
  phaseBefore: z.number().int(),
  phaseAfter: z.number().int(),
  /** Free traffic of the layer before the change, percent. */
  layerFreePercent: z.number(),
});
export type ExperimentImpact = z.infer<typeof experimentImpactSchema>;

/** One layer's buckets: who owns which ranges and what is free. */
export const layerBucketsSchema = z.object({
  layer: z.string(),
  description: z.string(),
  total: z.number().int(),
  free: z.array(bucketRangeSchema),
  freeCount: z.number().int(),
  experiments: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      status: z.enum(experimentStatuses),
      ranges: z.array(bucketRangeSchema),
      count: z.number().int(),
    }),
  ),
});
export type LayerBuckets = z.infer<typeof layerBucketsSchema>;

const interval = z.tuple([z.number(), z.number()]).nullable();

/** One metric of one variation against the control (the control's own row has no comparison). */
export const metricResultSchema = z.object({
  variation: z.number().int(),
  n: z.number().int(),
  /** Mean per exposed player (a rate for retention and "share of players"). */
  mean: z.number().nullable(),
  /** 95% interval of the mean. */
  ci: interval,
  /** Relative uplift against control, its 95% interval (Welch, delta method) and p-value. */
  uplift: z.number().nullable(),
  upliftCi: interval,
  pValue: z.number().nullable(),
  /** Bayesian chance that this variation beats control. */
  chanceToBeat: z.number().nullable(),
});

export const experimentResultsSchema = z.object({
  experiment: z.string(),
  phase: z.number().int(),
  phases: z.array(z.object({ phase: z.number().int(), startedAt: z.string(), stoppedAt: z.string().nullable() })),
  at: z.string(),
  variations: z.array(
    z.object({
      index: z.number().int(),
      name: z.string(),
      /** Expected share 0 … 1 (its weight). */
      weight: z.number(),
      exposed: z.number().int(),
    }),
  ),
  /** Sample ratio mismatch: exposures against the weights (chi-square); flagged when p < 0.001. */
  srm: z
    .object({ chiSquare: z.number(), degreesOfFreedom: z.number().int(), pValue: z.number(), flagged: z.boolean() })
    .nullable(),
  metrics: z.array(z.object({ metric: z.string(), rows: z.array(metricResultSchema) })),
  /** The same per segment (os, country): exposures and each metric's mean per variation. */
  segments: z.array(
    z.object({
      kind: z.enum(['os', 'country']),
      segment: z.string(),
      exposed: z.array(z.number().int()),
      metrics: z.array(z.object({ metric: z.string(), rows: z.array(metricResultSchema) })),
    }),
  ),
  /** Cumulative per day (the daily aggregation): exposures and each metric's mean per variation. */
  daily: z.array(
    z.object({
      day: z.string(),
      exposed: z.array(z.number().int()),
      metrics: z.record(z.string(), z.array(z.number().nullable())),
    }),
  ),
});
export type ExperimentResults = z.infer<typeof experimentResultsSchema>;

export const abtestEndpoints = endpointTable({
  experimentImpact: endpoint({
    method: 'POST',
    path: '/api/v1/abtest/experiments/:key/impact',
    summary:
      'What a lifecycle change would do now: the audience, the share of the layer and the players, before and after (changes nothing)',
    permission: ['configQuery', 'configCreate'],
    readOnly: true,
    params: keyParams,
    body: z.object({
      change: z.enum(experimentChanges),
      /** For `traffic`: the new traffic percent and weights. */
      coverage: coverageSchema.optional(),
      weights: z.array(z.number()).max(maxVariations).optional(),
    }),
    response: experimentImpactSchema,
    tags: ['abtest'],
  }),
  abtestBuckets: endpoint({
    method: 'GET',
    path: '/api/v1/abtest/buckets',
    summary: "Every layer's 10,000 buckets: the ranges each running experiment owns and the free ones",
    permission: ['configQuery'],
    response: z.object({ list: z.array(layerBucketsSchema) }),
    tags: ['abtest'],
  }),
  experimentResults: endpoint({
    method: 'GET',
    path: '/api/v1/abtest/experiments/:key/results',
    summary:
      'Results of a phase (the current one by default): exposures, SRM check, each metric per variation with intervals, uplift and chance to beat control, per segment and per day',
    permission: ['configQuery'],
    params: keyParams,
    query: z.object({ phase: z.coerce.number().int().min(1).max(10_000).optional() }),
    response: experimentResultsSchema,
    tags: ['abtest'],
  }),
  experimentsForcingPlayer: endpoint({
    method: 'GET',
    path: '/api/v1/abtest/forced/player/:userId',
    summary: 'The experiments that force a variation for this player (forced test players)',
    permission: ['configQuery'],
    params: z.object({ userId: playerUserId }),
    response: z.object({
      list: z.array(
        z.object({
          experiment: z.string(),
          name: z.string(),
          status: z.enum(experimentStatuses),
          variation: z.number().int(),
          variationName: z.string(),
        }),
      ),
    }),
    tags: ['abtest'],
  }),
});

/** A game event's name: what the game's metrics are called. */
export const gameEventNameSchema = z
  .string({ error: 'abtest.eventName' })
  .regex(eventName, { error: 'abtest.eventName' });
export const maxGameEventsPerCall = 100;
/** How far back (days) and ahead (minutes) of the service clock a reported event's time may be. */
export const GAME_EVENT_MAX_AGE_DAYS = 7;
export const GAME_EVENT_MAX_AHEAD_MINUTES = 5;

export const gameEventSchema = z.object({
  name: gameEventNameSchema,
  value: z.number({ error: 'abtest.eventValue' }).refine(Number.isFinite, { error: 'abtest.eventValue' }).optional(),
  /** When it happened (the service clock's now when absent). */
  at: isoDateTime.optional(),
});

export const abtestGameEndpoints = endpointTable({
  gameReportEvents: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/events',
    summary: `What a player did, for the experiments' metrics: 1 to ${maxGameEventsPerCall} events \`{name, value?, at?}\` (at within ${GAME_EVENT_MAX_AGE_DAYS} days back and ${GAME_EVENT_MAX_AHEAD_MINUTES} minutes ahead)`,
    permission: 'game',
    params: z.object({ userId: playerUserId }),
    body: z.object({
      events: z
        .array(gameEventSchema, { error: 'abtest.events' })
        .min(1, { error: 'abtest.events' })
        .max(maxGameEventsPerCall, { error: 'abtest.events' }),
    }),
    response: z.object({ accepted: z.number().int() }),
  }),
});

/** One exposure on the wire (the experiment's exposures list). */
export const exposureSchema = z.object({
  userId: z.number().int(),
  variation: z.number().int(),
  os: z.string().nullable(),
  country: z.string().nullable(),
  at: z.string(),
});

export const abtestExposureEndpoints = endpointTable({
  experimentExposures: endpoint({
    method: 'GET',
    path: '/api/v1/abtest/experiments/:key/exposures',
    summary: "An experiment phase's exposures, newest first, by keyset (`after` is the previous page's `next`)",
    permission: ['configQuery'],
    params: keyParams,
    query: z.object({
      phase: z.coerce.number().int().min(1).max(10_000).optional(),
      variation: z.coerce.number().int().min(0).max(maxVariations).optional(),
      after: z
        .string()
        .regex(/^\d{13}:\d{1,16}$/, { error: 'abtest.cursor' })
        .optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({ items: z.array(exposureSchema), next: z.string().nullable() }),
    tags: ['abtest'],
  }),
});
