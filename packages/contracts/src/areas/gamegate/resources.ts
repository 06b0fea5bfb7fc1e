import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import {
  type ConditionRule,
  checkConditionRule,
  compareVersions,
  conditionAttributes,
  conditionOperators,
  countryCodes,
  maxConditionRules,
  operatingSystems,
  parseVersion,
} from '../../conditions.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { upgradeLevels } from '../../enums.js';
import { isoDate, isoDateTime } from '../../fields.js';
import { defineResource, resourceKeySchema, samePermission } from '../../resource.js';
import { windowStateLabels } from '../../resource-list.js';
import { optionalDocumentText } from '../../text.js';

/**
 * The game's door: maintenance windows and their allow-list, version upgrade rules and levels,
 * and IP → country overrides. Each is a versioned resource of the kit; the game login (and the
 * config fetch) read them from one snapshot in memory.
 */

const message = (max: number) =>
  z
    .string({ error: 'gate.messageRequired' })
    .trim()
    .min(1, { error: 'gate.messageRequired' })
    .max(max, { error: 'gate.messageTooLong' });
const optionalVersion = z
  .string({ error: 'v.appVersionFormat' })
  .trim()
  .refine((v) => v === '' || parseVersion(v) !== null, { error: 'v.appVersionFormat' })
  .default('');
const version = z
  .string({ error: 'v.appVersionFormat' })
  .trim()
  .refine((v) => parseVersion(v) !== null, { error: 'v.appVersionFormat' });
const platforms = z
  .array(z.enum(operatingSystems, { error: 'cond.os' }))
  .max(2)
  .default([]);
const note = optionalDocumentText(500);

// ---------------------------------------------------------------------------------------------
// IP addresses and CIDR ranges (checked without a library: the console uses these schemas too).

const ipv4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** 4 for a dotted-quad IPv4 address, 6 for an IPv6 address, 0 otherwise. */
export function ipVersion(text: string): 0 | 4 | 6 {
  if (ipv4Pattern.test(text)) return 4;
  if (!text.includes(':') || /[^0-9A-Fa-f:.]/.test(text)) return 0;
  try {
    new URL(`http://[${text}]/`);
    return 6;
  } catch {
    return 0;
  }
}

/** `10.0.0.0/8`, `2001:db8::/32`; a single address is its own range (/32 or /128). */
export function isCidr(text: string): boolean {
  const [addr, prefix, ...rest] = text.trim().split('/');
  if (rest.length > 0) return false;
  const v = ipVersion(addr);
  if (v === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v === 4 ? 32 : 128);
}

const cidr = z.string({ error: 'gate.cidr' }).trim().refine(isCidr, { error: 'gate.cidr' });

// ---------------------------------------------------------------------------------------------
// Conditions as saved by a resource: the kit's documents carry no transforms, so a rule is stored
// as written and checked with the condition engine; `normaliseConditions` gives the engine's form.

const storedRule = z
  .object({
    attr: z.enum(conditionAttributes, { error: 'cond.attr' }),
    op: z.enum(conditionOperators, { error: 'cond.opNotAllowed' }),
    value: z.union([z.string().max(200), z.number(), z.array(z.union([z.string().max(200), z.number()])).max(500)], {
      error: 'cond.valueRequired',
    }),
  })
  .superRefine((rule, ctx) => {
    const checked = checkConditionRule(rule);
    if ('error' in checked) ctx.addIssue({ code: 'custom', path: [checked.error.path], message: checked.error.key });
  });
const storedConditions = z.array(storedRule, { error: 'cond.list' }).max(maxConditionRules, { error: 'cond.tooMany' });

/** Saved rules in the engine's normal form (they passed the same check when saved). */
export function normaliseConditions(rules: readonly { attr: string; op: string; value: unknown }[]): ConditionRule[] {
  return rules.flatMap((r) => {
    const checked = checkConditionRule(r);
    return 'rule' in checked ? [checked.rule] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Maintenance

export const maintenanceWindowSchema = z
  .object({
    name: resourceKeySchema,
    startAt: isoDateTime,
    endAt: isoDateTime,
    /** What the game shows, in each console language. */
    'zh-CN': message(500),
    'en-US': message(500),
    /** The platforms it closes; empty = all. */
    platforms,
    /** App versions it closes, inclusive; empty = no bound. */
    minVersion: optionalVersion,
    maxVersion: optionalVersion,
    note,
  })
  .superRefine((w, ctx) => {
    if (Date.parse(w.endAt) <= Date.parse(w.startAt))
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'gate.endAfterStart' });
    const min = w.minVersion ? parseVersion(w.minVersion) : null;
    const max = w.maxVersion ? parseVersion(w.maxVersion) : null;
    if (min && max && compareVersions(min, max) > 0)
      ctx.addIssue({ code: 'custom', path: ['maxVersion'], message: 'gate.versionRange' });
  });
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

export const maintenanceWindowResource = defineResource({
  name: 'maintenanceWindow',
  label: zhEn('维护窗口', 'Maintenance window'),
  schema: maintenanceWindowSchema,
  key: 'name',
  listFields: ['name', 'startAt', 'endAt', 'zh-CN', 'platforms', 'minVersion', 'maxVersion'],
  labels: {
    startAt: zhEn('开始时间', 'Starts at'),
    endAt: zhEn('结束时间', 'Ends at'),
    minVersion: zhEn('最低版本', 'From version'),
    maxVersion: zhEn('最高版本', 'Up to version'),
  },
  list: {
    filters: {
      state: { kind: 'state', from: 'startAt', to: 'endAt', label: zhEn('状态', 'State') },
      startAt: { kind: 'timeRange', field: 'startAt' },
    },
    sort: ['startAt', 'endAt', 'name'],
    computed: {
      state: {
        label: zhEn('状态', 'State'),
        values: {
          scheduled: windowStateLabels.scheduled,
          active: zhEn('维护中', 'In maintenance'),
          expired: zhEn('已结束', 'Ended'),
        },
      },
    },
    actions: {
      endNow: {
        label: zhEn('立即结束', 'End now'),
        sentence: zhEn('立即结束了{maintenanceWindow}', 'ended {maintenanceWindow} now'),
        consequence: zhEn(
          '结束时间改为现在：维护结束，玩家可以再次进入游戏。未开始或已结束的窗口不变。',
          'The end becomes now: the maintenance ends and players can enter the game again. Windows not yet started or already over stay as they are.',
        ),
        permission: ['maintenanceQuery'],
        row: true,
        bulk: true,
      },
    },
    export: [
      'name',
      'state',
      'startAt',
      'endAt',
      'platforms',
      'minVersion',
      'maxVersion',
      'zh-CN',
      'en-US',
      'note',
      'updatedBy',
      'updatedAt',
    ],
  },
  search: ['name', 'zh-CN', 'en-US', 'note'],
  permissions: samePermission('maintenanceQuery'),
  versioned: true,
  gameVisible: false,
  routes: { list: 'settingMaintenance' },
  // The console header's banner shows the windows in force.
  alsoInvalidates: ['maintenanceActive'],
});

/** Who passes through a maintenance window (testers): any user ID, device ID or address in a range of any list. */
export const maintenanceAllowListSchema = z.object({
  name: resourceKeySchema,
  userIds: z
    .array(z.number({ error: 'gate.userId' }).int({ error: 'gate.userId' }).positive())
    .max(1000)
    .default([]),
  deviceIds: z.array(z.string().trim().min(1).max(128)).max(1000).default([]),
  cidrs: z.array(cidr).max(200).default([]),
  note,
});
export type MaintenanceAllowList = z.infer<typeof maintenanceAllowListSchema>;

export const maintenanceAllowListResource = defineResource({
  name: 'maintenanceAllowList',
  label: zhEn('维护白名单', 'Maintenance allow-list'),
  schema: maintenanceAllowListSchema,
  key: 'name',
  listFields: ['name', 'userIds', 'deviceIds', 'cidrs', 'note'],
  search: ['name', 'note'],
  permissions: samePermission('maintenanceQuery'),
  versioned: true,
  gameVisible: false,
  routes: { list: 'settingMaintenance' },
});

// ---------------------------------------------------------------------------------------------
// Version upgrade

/** Per platform: the newest version, the oldest still allowed in, where to get it and what to say. */
export const appUpgradeSchema = z
  .object({
    platform: z.enum(operatingSystems, { error: 'cond.os' }),
    latestVersion: version,
    /** Below it the upgrade is forced (426 at login). */
    minVersion: version,
    storeUrl: z.url({ protocol: /^https?$/, error: 'gate.storeUrl' }).max(1000),
    'zh-CN': message(500),
    'en-US': message(500),
  })
  .superRefine((u, ctx) => {
    const min = parseVersion(u.minVersion);
    const latest = parseVersion(u.latestVersion);
    if (min && latest && compareVersions(min, latest) > 0)
      ctx.addIssue({ code: 'custom', path: ['minVersion'], message: 'gate.minAboveLatest' });
  });
export type AppUpgrade = z.infer<typeof appUpgradeSchema>;

export const appUpgradeResource = defineResource({
  name: 'appUpgrade',
  label: zhEn('版本升级', 'Version upgrade'),
  schema: appUpgradeSchema,
  key: 'platform',
  listFields: ['platform', 'latestVersion', 'minVersion', 'storeUrl', 'zh-CN'],
  permissions: samePermission('appUpgradeQuery'),
  versioned: true,
  gameVisible: false,
  routes: { list: 'settingUpgrade' },
});

/**
 * A prompt level for players between the minimum and the latest version: the first level (by
 * `order`) whose platforms and conditions match the player applies; none matching = recommended.
 */
export const upgradeLevelSchema = z.object({
  name: resourceKeySchema,
  level: z.enum(upgradeLevels, { error: 'gate.level' }),
  order: z.number({ error: 'gate.order' }).int({ error: 'gate.order' }).min(0).max(1_000_000).default(0),
  platforms,
  conditions: storedConditions.default([]),
  note,
});
export type UpgradeLevelRule = z.infer<typeof upgradeLevelSchema>;

export const upgradeLevelResource = defineResource({
  name: 'upgradeLevel',
  label: zhEn('升级等级', 'Upgrade level'),
  schema: upgradeLevelSchema,
  key: 'name',
  listFields: ['name', 'level', 'order', 'platforms', 'conditions'],
  search: ['name', 'note'],
  permissions: samePermission('appUpgradeQuery'),
  versioned: true,
  gameVisible: false,
  routes: { list: 'settingUpgradeLevel' },
});

// ---------------------------------------------------------------------------------------------
// IP country

/** An operator's override: addresses in `cidr` are in `country`, whatever the database says. The narrowest range wins. */
export const ipCountrySchema = z.object({
  name: resourceKeySchema,
  cidr,
  country: z
    .string({ error: 'cond.country' })
    .trim()
    .refine((c) => countryCodes.includes(c), { error: 'cond.country' }),
  note,
});
export type IpCountryOverride = z.infer<typeof ipCountrySchema>;

export const ipCountryResource = defineResource({
  name: 'ipCountry',
  label: zhEn('IP 国家覆盖', 'IP country override'),
  schema: ipCountrySchema,
  key: 'name',
  listFields: ['name', 'cidr', 'country', 'note'],
  search: ['name', 'cidr', 'note'],
  permissions: { query: ['dictQuery'], create: ['dictEdit'], edit: ['dictEdit'], delete: ['dictEdit'] },
  versioned: true,
  gameVisible: false,
  routes: { list: 'settingIpCountry' },
});

// ---------------------------------------------------------------------------------------------
// Answers

/** What login and the config fetch carry when an upgrade applies (426 with it when forced). */
export const upgradeAnswerSchema = z.object({
  level: z.enum(upgradeLevels),
  latest: z.string(),
  url: z.string(),
  message: z.string(),
});
export type UpgradeAnswer = z.infer<typeof upgradeAnswerSchema>;

/** The 503 of a maintenance window: its message in the player's language and when it ends. */
export const maintenanceAnswerSchema = z.object({
  name: z.string(),
  message: z.string(),
  endAt: z.string(),
});
export type MaintenanceAnswer = z.infer<typeof maintenanceAnswerSchema>;

export const gamegateEndpoints = endpointTable({
  maintenanceActive: endpoint({
    method: 'GET',
    path: '/api/v1/maintenance/active',
    summary: 'Maintenance windows in force now (the console header polls it for its banner)',
    permission: true,
    response: z.object({
      active: z.array(
        z.object({
          name: z.string(),
          startAt: isoDate,
          endAt: isoDate,
          'zh-CN': z.string(),
          'en-US': z.string(),
        }),
      ),
    }),
  }),
  ipCountryLookup: endpoint({
    method: 'GET',
    path: '/api/v1/ip-country/lookup',
    summary: 'The country of an IP address as the game login sees it (override first, then the database)',
    permission: ['dictQuery'],
    query: z.object({
      ip: z
        .string({ error: 'gate.ip' })
        .trim()
        .refine((t) => ipVersion(t) !== 0, { error: 'gate.ip' }),
    }),
    response: z.object({
      ip: z.string(),
      country: z.string().nullable(),
      source: z.enum(['override', 'database', 'none']),
      override: z.string().nullable(),
    }),
  }),
});
