import { z } from 'zod';
import { type Label, zhEn } from '../../bilingual.js';
import { checkConditionRule, conditionAttributes, conditionOperators, maxConditionRules } from '../../conditions.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { codedValues } from '../../enums.js';
import { isoDateTime, playerUserId as userIdSchema } from '../../fields.js';
import { percentOperators, percentRuleSchema } from '../../percent.js';
import { defineResource, resourceKeySchema } from '../../resource.js';
import { windowStateLabels, windowStates } from '../../resource-list.js';
import { isStorableText, optionalDocumentText } from '../../text.js';
import { MAX_JSON_VALUE, valueTypeError } from '../../value-types.js';
import { type ConstantType, constantTypeLabels } from '../content/constant.js';
import { upgradeAnswerSchema } from '../gamegate/resources.js';

/**
 * Remote config (issue 11, spec §3): fields the game reads at every start, each with a type, a
 * default, its global config (ordered conditional values, first match wins, as in Firebase Remote
 * Config) and event configs (the same, inside an `effectiveAt ≤ now < expireAt` window). Tester
 * overrides pin a field's value for listed user IDs until an end time. Evaluation is pure and
 * shared by server and console: see `remote-config.ts`.
 *
 * Documents are stored as the operator wrote them (the kit's schemas carry checks, no
 * transforms); rule values are normalised when the snapshot is compiled.
 */

/** The four value types of a field: the constants' types without `text`, with their labels. */
export const configValueTypes = ['string', 'number', 'boolean', 'json'] as const satisfies readonly ConstantType[];
export type ConfigValueType = (typeof configValueTypes)[number];
export const configValueTypeLabels = Object.fromEntries(
  configValueTypes.map((type) => [type, constantTypeLabels[type]]),
) as Record<ConfigValueType, Label>;

/** Largest value (as JSON) of one field, in characters. */
export const MAX_CONFIG_VALUE = MAX_JSON_VALUE;
export const maxConditionalValues = 50;
export const maxEventConfigs = 20;
export const maxOverrideUsers = 1000;

/** The message key saying why `value` does not fit `type`, or null when it does (the check constants use too). */
export const configValueError = (type: ConfigValueType, value: unknown): string | null => valueTypeError(type, value);

/** The "percent of players" rule as the operator writes it: percent 0–100 (micro-percent only once compiled). */
export const configPercentRuleInput = z.object({
  attr: z.literal('percent'),
  op: z.enum(percentOperators, { error: 'cond.opNotAllowed' }),
  seed: z.string({ error: 'cond.seed' }).max(100, { error: 'cond.seed' }).optional(),
  value: z.union([z.number(), z.tuple([z.number(), z.number()])], { error: 'cond.percent' }),
});
export type ConfigPercentRule = z.infer<typeof configPercentRuleInput>;

const storable = z.string().refine(isStorableText, { error: 'v.textInvalid' });

/** One rule of a config condition: a shared condition rule, or a percent rule. Checked, stored as written. */
export const configRuleSchema = z
  .object({
    attr: z.enum([...conditionAttributes, 'percent'], { error: 'cond.attr' }),
    op: z.enum([...new Set([...conditionOperators, ...percentOperators])], { error: 'cond.opNotAllowed' }),
    seed: z.string({ error: 'cond.seed' }).max(100, { error: 'cond.seed' }).optional(),
    value: z.union([storable, z.number(), z.array(z.union([storable, z.number()]))], {
      error: 'cond.valueRequired',
    }),
  })
  .superRefine((rule, ctx) => {
    if (rule.attr === 'percent') {
      const checked = percentRuleSchema.safeParse(rule);
      for (const issue of checked.error?.issues ?? [])
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return;
    }
    if (rule.seed !== undefined) ctx.addIssue({ code: 'custom', path: ['seed'], message: 'config.seedPercentOnly' });
    const checked = checkConditionRule(rule);
    if ('error' in checked) ctx.addIssue({ code: 'custom', path: [checked.error.path], message: checked.error.key });
  });
export type ConfigRule = z.infer<typeof configRuleSchema>;

/** An AND of rules; empty = every player. */
export const configConditionsSchema = z
  .array(configRuleSchema, { error: 'cond.list' })
  .max(maxConditionRules, { error: 'cond.tooMany' });

/** One conditional value: the first whose conditions all hold gives the field its value. */
export const conditionalValueSchema = z.object({
  /** The condition's name as operators call it ("China payers"). */
  label: z.string().trim().max(100).refine(isStorableText, { error: 'v.textInvalid' }).default(''),
  conditions: configConditionsSchema.default([]),
  value: z.unknown().optional(),
});
export type ConditionalValue = z.infer<typeof conditionalValueSchema>;

/** An event config: conditional values that apply, before the global ones, inside a window. */
export const eventConfigSchema = z.object({
  name: resourceKeySchema,
  effectiveAt: isoDateTime,
  expireAt: isoDateTime,
  values: z
    .array(conditionalValueSchema)
    .min(1, { error: 'config.eventValuesRequired' })
    .max(maxConditionalValues, { error: 'config.tooManyValues' }),
});
export type EventConfig = z.infer<typeof eventConfigSchema>;

export const configEventStates = windowStates;
export type ConfigEventState = (typeof configEventStates)[number];
export const configEventStateLabels: Record<ConfigEventState, Label> = windowStateLabels;

/** An event config's state at `now` (the server clock, ms): active while `effectiveAt ≤ now < expireAt`. */
export function configEventState(event: { effectiveAt: string; expireAt: string }, now: number): ConfigEventState {
  if (now < Date.parse(event.effectiveAt)) return 'scheduled';
  return now < Date.parse(event.expireAt) ? 'active' : 'expired';
}

export const configFieldSchema = z
  .object({
    name: resourceKeySchema,
    type: z.enum(configValueTypes, { error: 'config.type' }),
    defaultValue: z.unknown().optional(),
    description: optionalDocumentText(500),
    /** The global config: ordered conditional values. */
    values: z.array(conditionalValueSchema).max(maxConditionalValues, { error: 'config.tooManyValues' }).default([]),
    events: z.array(eventConfigSchema).max(maxEventConfigs, { error: 'config.tooManyEvents' }).default([]),
  })
  .superRefine((doc, ctx) => {
    const check = (path: (string | number)[], value: unknown) => {
      const error = configValueError(doc.type, value);
      if (error) ctx.addIssue({ code: 'custom', path, message: error });
    };
    check(['defaultValue'], doc.defaultValue);
    (doc.values ?? []).forEach((v, i) => {
      check(['values', i, 'value'], v.value);
    });
    const names = new Set<string>();
    (doc.events ?? []).forEach((e, i) => {
      if (names.has(e.name))
        ctx.addIssue({ code: 'custom', path: ['events', i, 'name'], message: 'config.eventNameTaken' });
      names.add(e.name);
      if (Date.parse(e.expireAt) <= Date.parse(e.effectiveAt))
        ctx.addIssue({ code: 'custom', path: ['events', i, 'expireAt'], message: 'resource.expireAfterEffective' });
      e.values.forEach((v, j) => {
        check(['events', i, 'values', j, 'value'], v.value);
      });
    });
  });
export type ConfigField = z.infer<typeof configFieldSchema>;

/** Config fields and their tester overrides are one permission set (spec §6). */
const configPermissions = {
  query: ['configQuery'],
  create: ['configCreate'],
  edit: ['configCreate'],
  delete: ['configDelete'],
} as const;

export const configResource = defineResource({
  name: 'config',
  label: zhEn('远程配置', 'Remote config'),
  schema: configFieldSchema,
  key: 'name',
  listFields: ['name', 'type', 'defaultValue', 'values', 'events', 'description'],
  labels: {
    name: zhEn('字段名', 'Field name'),
  },
  list: {
    filters: { type: { kind: 'enum', field: 'type', values: configValueTypeLabels } },
    sort: ['name', 'type', 'updatedAt'],
    // Counted by the server at its clock: how many event configs run now.
    computed: { activeEvents: { label: zhEn('生效中的活动配置', 'Event configs active now'), number: true } },
    export: ['name', 'type', 'defaultValue', 'description', 'activeEvents', 'version', 'updatedBy', 'updatedAt'],
  },
  search: ['name', 'description'],
  permissions: configPermissions,
  versioned: true,
  // Served per player by `GET /api/game/v1/players/:userId/config`, not in the content snapshot.
  gameVisible: false,
  routes: { list: 'settingConfigList', edit: 'settingConfigEdit' },
});

/** A tester override: pins one field's value for listed user IDs until `endAt`. */
export const configOverrideSchema = z
  .object({
    name: resourceKeySchema,
    /** The config field it pins. Its value must fit that field's type (checked on save). */
    field: resourceKeySchema,
    userIds: z
      .array(
        z
          .number({ error: 'v.userIdFormat' })
          .int({ error: 'v.userIdFormat' })
          .min(1, { error: 'v.userIdFormat' })
          .max(Number.MAX_SAFE_INTEGER, { error: 'v.userIdFormat' }),
        { error: 'config.userIds' },
      )
      .min(1, { error: 'config.userIds' })
      .max(maxOverrideUsers, { error: 'config.tooManyUsers' }),
    value: z.unknown().optional(),
    /** The override ends here (server clock). */
    endAt: isoDateTime,
    description: optionalDocumentText(500),
  })
  .superRefine((doc, ctx) => {
    if (doc.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'v.required' });
    if (new Set(doc.userIds).size !== doc.userIds.length)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'config.userIdsRepeated' });
  });
export type ConfigOverride = z.infer<typeof configOverrideSchema>;

export const configOverrideResource = defineResource({
  name: 'configOverride',
  label: zhEn('测试覆盖', 'Tester override'),
  schema: configOverrideSchema,
  key: 'name',
  listFields: ['name', 'field', 'userIds', 'value', 'endAt', 'description'],
  labels: { field: zhEn('配置字段', 'Config field') },
  list: { filters: { field: { kind: 'reference', field: 'field', resource: 'config' } } },
  search: ['name', 'field', 'description'],
  permissions: configPermissions,
  versioned: true,
  gameVisible: false,
  // Deleting a field that an override pins is refused, naming the override.
  references: [{ field: 'field', kind: 'config', keys: (doc) => [doc.field] }],
  // Managed on the config list's screen (no route of its own in the route table).
});

/** Which rule gave a field its value (explain). */
export const { codes: configSources, labels: configSourceLabels } = codedValues({
  override: zhEn('测试覆盖', 'Tester override'),
  experiment: zhEn('实验变量', 'Experiment variable'),
  event: zhEn('活动配置', 'Event config'),
  global: zhEn('全局配置', 'Global config'),
  default: zhEn('默认值', 'Default value'),
});
export type ConfigSource = (typeof configSources)[number];

/** One field of "Test on a player". */
export const configExplainFieldSchema = z.object({
  name: z.string(),
  type: z.enum(configValueTypes),
  value: z.unknown().optional(),
  source: z.enum(configSources),
  /** The override's name (source `override`). */
  override: z.string().nullable(),
  /** The experiment and variation (source `experiment`). */
  experiment: z.string().nullable(),
  variation: z.string().nullable(),
  /** The event config's name (source `event`). */
  event: z.string().nullable(),
  /** The conditional value's position (0-based) and label (sources `event` and `global`). */
  valueIndex: z.number().int().nullable(),
  label: z.string().nullable(),
});
export type ConfigExplainField = z.infer<typeof configExplainFieldSchema>;

const userIdQuery = z.object({ userId: userIdSchema });

const attributeView = z.object({
  os: z.string().nullable(),
  appVersion: z.string().nullable(),
  appLanguage: z.string().nullable(),
  country: z.string().nullable(),
  lastLogin: z.string().nullable(),
  notLoginDays: z.number().int().nullable(),
  userType: z.string(),
  habitatCount: z.number().int(),
});

export const configExplainSchema = z.object({
  userId: z.number().int(),
  /** The config set's version, as the game receives it. */
  version: z.string(),
  /** The server clock the answer was computed at. */
  at: z.string(),
  attributes: attributeView,
  fields: z.array(configExplainFieldSchema),
});
export type ConfigExplain = z.infer<typeof configExplainSchema>;

/** What the game receives: every field's value for this player, and the config set's version. */
export const gameConfigAnswerSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  version: z.string(),
  /** The running experiments the player is in now, and their variation (index, 0 = control). */
  experiments: z.array(z.object({ key: z.string(), variation: z.number().int(), variationName: z.string() })),
  /** When an upgrade prompt applies (a forced one answers 426; maintenance 503): the game door's answer. */
  upgrade: upgradeAnswerSchema.optional(),
});

export const configEndpoints = endpointTable({
  configExplain: endpoint({
    method: 'GET',
    path: '/api/v1/config/explain/:userId',
    summary: "Test on a player: every field's value for this player now and which rule or override chose it",
    permission: ['configQuery'],
    params: userIdQuery,
    response: configExplainSchema,
    tags: ['config'],
  }),
  configPlayerOverrides: endpoint({
    method: 'GET',
    path: '/api/v1/config/overrides/player/:userId',
    summary: 'The tester overrides naming this player (ended ones too), soonest end first',
    permission: ['configQuery'],
    params: userIdQuery,
    response: z.object({
      list: z.array(configOverrideResource.item.extend({ active: z.boolean() })),
    }),
    tags: ['config'],
  }),
});

export const configGameEndpoints = endpointTable({
  gameGetConfig: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId/config',
    summary:
      "The player's remote config now (`{values, version}`): override → experiment → event → global → default; `ETag`, 304 on `If-None-Match`",
    permission: 'game',
    params: userIdQuery,
    // The prepared JSON body (envelope included) with its ETag.
    raw: true,
    response: gameConfigAnswerSchema,
  }),
});
