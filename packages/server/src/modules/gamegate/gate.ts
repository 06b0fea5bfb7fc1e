import {
  type AppUpgrade,
  appUpgradeResource,
  auditTarget,
  canonicalCountry,
  compareVersions,
  compileConditions,
  ipCountryResource,
  type Locale,
  type MaintenanceAllowList,
  type MaintenanceAnswer,
  type MaintenanceWindow,
  maintenanceAllowListResource,
  maintenanceWindowResource,
  normaliseConditions,
  type PlayerAttributes,
  parseVersion,
  type UpgradeAnswer,
  type UpgradeLevel,
  type UpgradeLevelRule,
  upgradeLevelResource,
} from '@rookery/contracts';
import type { Clock } from '../../platform/clock.js';
import type { Database, Db } from '../../platform/db/client.js';
import { writeAudit } from '../../platform/http/audit.js';
import { AppError } from '../../platform/http/errors.js';
import { CompiledView, type ItemsByKind } from '../../platform/resources/game-views.js';
import { compileOverrides, IpCountry, parseIp, shippedCountryDatabase } from './ip-country.js';
import { maintenanceTransitions } from './tables.js';

/**
 * The game's door: before a login (or a config fetch) does any work, the maintenance windows,
 * the upgrade rules and the IP → country overrides are read from one snapshot compiled once per
 * change of any of their resources (`LiveSnapshot`), so the checks are memory reads.
 */

const gateResources = [
  maintenanceWindowResource,
  maintenanceAllowListResource,
  appUpgradeResource,
  upgradeLevelResource,
  ipCountryResource,
];

type Range = [ReturnType<typeof parseIp> & object, number];

interface CompiledWindow {
  name: string;
  start: number;
  end: number;
  startAt: string;
  endAt: string;
  text: { 'zh-CN': string; 'en-US': string };
  platforms: Set<string> | null;
  min: number[] | null;
  max: number[] | null;
}

interface CompiledUpgrade {
  latest: number[];
  latestText: string;
  min: number[];
  url: string;
  text: { 'zh-CN': string; 'en-US': string };
}

interface CompiledLevel {
  name: string;
  level: UpgradeLevel;
  platforms: Set<string> | null;
  matches: (attrs: PlayerAttributes, now: number) => boolean;
}

export interface CompiledGate {
  /** By start time. */
  windows: CompiledWindow[];
  allow: { userIds: Set<number>; deviceIds: Set<string>; ranges: Range[] };
  upgrades: Map<string, CompiledUpgrade>;
  /** By `order`, then name. */
  levels: CompiledLevel[];
  ip: IpCountry;
}

const platformSet = (p: readonly string[] | undefined) => (p && p.length > 0 ? new Set(p) : null);

function compileGate(items: ItemsByKind): CompiledGate {
  const of = <T>(kind: string) => (items.get(kind) ?? []).map((r) => r.document as T);

  const windows = of<MaintenanceWindow>(maintenanceWindowResource.name)
    .map(
      (w): CompiledWindow => ({
        name: w.name,
        start: Date.parse(w.startAt),
        end: Date.parse(w.endAt),
        startAt: new Date(w.startAt).toISOString(),
        endAt: new Date(w.endAt).toISOString(),
        text: { 'zh-CN': w['zh-CN'], 'en-US': w['en-US'] },
        platforms: platformSet(w.platforms),
        min: w.minVersion ? parseVersion(w.minVersion) : null,
        max: w.maxVersion ? parseVersion(w.maxVersion) : null,
      }),
    )
    .sort((a, b) => a.start - b.start || a.name.localeCompare(b.name));

  const lists = of<MaintenanceAllowList>(maintenanceAllowListResource.name);
  const allowCidrs = compileOverrides(
    lists.flatMap((l) => (l.cidrs ?? []).map((cidr) => ({ name: l.name, cidr, country: '' }))),
  );
  const allow = {
    userIds: new Set(lists.flatMap((l) => l.userIds ?? [])),
    deviceIds: new Set(lists.flatMap((l) => l.deviceIds ?? [])),
    ranges: allowCidrs.map((o) => o.range as Range),
  };

  const upgrades = new Map<string, CompiledUpgrade>();
  for (const u of of<AppUpgrade>(appUpgradeResource.name)) {
    const latest = parseVersion(u.latestVersion);
    const min = parseVersion(u.minVersion);
    if (!latest || !min) continue;
    upgrades.set(u.platform, {
      latest,
      latestText: u.latestVersion,
      min,
      url: u.storeUrl,
      text: { 'zh-CN': u['zh-CN'], 'en-US': u['en-US'] },
    });
  }

  const levels = of<UpgradeLevelRule>(upgradeLevelResource.name)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.name.localeCompare(b.name))
    .map(
      (l): CompiledLevel => ({
        name: l.name,
        level: l.level,
        platforms: platformSet(l.platforms),
        matches: compileConditions(normaliseConditions(l.conditions ?? [])),
      }),
    );

  const ip = new IpCountry(
    shippedCountryDatabase(),
    compileOverrides(of<{ name: string; cidr: string; country: string }>(ipCountryResource.name)),
  );
  return { windows, allow, upgrades, levels, ip };
}

/** What the door knows about a caller. */
export interface GateRequest {
  /** The client's address (`req.ip`: X-Forwarded-For only behind TRUST_PROXY). */
  ip: string;
  deviceId?: string | null;
  /** Known on the config fetch; at login it is looked up only while a window applies (see `resolveUserId`). */
  userId?: number | null;
  os?: string | null;
  appVersion?: string | null;
  /** The player's language: a zh* language gets the zh-CN texts, any other the en-US ones. */
  language?: string | null;
  /** The request's language, for a caller whose language is not known (see `gameLocale`). */
  locale?: Locale;
  /** For the upgrade levels' conditions; defaults to os, appVersion, language and country. */
  attributes?: PlayerAttributes;
  /** The country when known; otherwise the IP's. */
  country?: string | null;
}

export interface GateAnswer {
  /** The country sent, else the IP's (override, then database), else null: an ISO code (`canonicalCountry`). */
  country: string | null;
  /** A prompt to upgrade (recommended or silent); forced ones refuse with 426 instead. */
  upgrade?: UpgradeAnswer;
}

/**
 * The language a game answer speaks: the player's (a zh* language → zh-CN, any other → en-US),
 * else the request's (`Accept-Language`), else zh-CN, the console's default.
 */
export const gameLocale = (language: string | null | undefined, fallback: Locale | undefined): Locale => {
  const lang = language?.trim().toLowerCase();
  if (lang) return lang.startsWith('zh') ? 'zh-CN' : 'en-US';
  return fallback ?? 'zh-CN';
};

/** An end time a player reads: the date and time in UTC, named, in the answer's language (never ISO). */
const playerTime = (ms: number, locale: Locale) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(ms);

/** The window in force for this platform and version at `now`, if any (allow-list not applied). */
export function windowAt(compiled: CompiledGate, req: Pick<GateRequest, 'os' | 'appVersion'>, now: number) {
  const os = req.os?.trim().toLowerCase() ?? '';
  let version: number[] | null | undefined;
  for (const w of compiled.windows) {
    if (w.start > now) break;
    if (now >= w.end) continue;
    if (w.platforms && !w.platforms.has(os)) continue;
    if (w.min || w.max) {
      version ??= req.appVersion ? parseVersion(req.appVersion) : null;
      if (!version) continue;
      if (w.min && compareVersions(version, w.min) < 0) continue;
      if (w.max && compareVersions(version, w.max) > 0) continue;
    }
    return w;
  }
  return null;
}

/** The upgrade that applies to this caller, if any: forced below the minimum, else the first matching level. */
export function upgradeFor(compiled: CompiledGate, req: GateRequest, country: string | null, now: number) {
  const os = req.os?.trim().toLowerCase() ?? '';
  const rule = compiled.upgrades.get(os);
  if (!rule || !req.appVersion) return null;
  const version = parseVersion(req.appVersion);
  if (!version || compareVersions(version, rule.latest) >= 0) return null;
  let level: UpgradeLevel = 'recommended';
  if (compareVersions(version, rule.min) < 0) level = 'forced';
  else {
    const attrs: PlayerAttributes = req.attributes ?? {
      os,
      appVersion: req.appVersion,
      appLanguage: req.language,
      country,
    };
    const hit = compiled.levels.find((l) => (!l.platforms || l.platforms.has(os)) && l.matches(attrs, now));
    if (hit) level = hit.level;
  }
  return { level, latest: rule.latestText, url: rule.url, message: rule.text[gameLocale(req.language, req.locale)] };
}

export class GameGate {
  readonly snapshot = new CompiledView(gateResources, compileGate);
  /** Edges already found in the log by this process: the check writes nothing for them again. */
  private readonly recordedEdges = new Set<string>();

  constructor(private readonly clock: Clock) {}

  async compiled(db: Db): Promise<CompiledGate> {
    return this.snapshot.get(db);
  }

  /**
   * Let a caller in, or refuse: 503 with the window's message and end time during maintenance
   * (unless the device, address or user is on an allow-list), 426 with the upgrade when it is
   * forced. `resolveUserId` is asked only when a window applies, the caller is not let through by
   * device or address, and some allow-list names user IDs. Memory reads otherwise.
   */
  async admit(db: Db, req: GateRequest, resolveUserId?: () => Promise<number | null | undefined>): Promise<GateAnswer> {
    const got = this.snapshot.get(db);
    const compiled = got instanceof Promise ? await got : got;
    const now = this.clock.now().getTime();
    const window = windowAt(compiled, req, now);
    const locale = gameLocale(req.language, req.locale);
    if (window && !(await this.allowed(compiled, req, resolveUserId))) {
      const data: { maintenance: MaintenanceAnswer } = {
        maintenance: { name: window.name, message: window.text[locale], endAt: window.endAt },
      };
      throw new AppError(503, 'gate.maintenance', {
        vars: { message: data.maintenance.message, endAt: playerTime(window.end, locale) },
        data,
        locale,
      });
    }
    // Canonical, as the login stores it: a sent text that is no ISO code gives way to the IP's.
    const country = canonicalCountry(req.country ?? '') ?? canonicalCountry(compiled.ip.country(req.ip) ?? '');
    const upgrade = upgradeFor(compiled, req, country, now);
    if (upgrade?.level === 'forced')
      throw new AppError(426, 'gate.upgradeForced', { vars: { message: upgrade.message }, data: { upgrade }, locale });
    return upgrade ? { country, upgrade } : { country };
  }

  private async allowed(
    compiled: CompiledGate,
    req: GateRequest,
    resolveUserId?: () => Promise<number | null | undefined>,
  ): Promise<boolean> {
    const { allow } = compiled;
    if (req.deviceId && allow.deviceIds.has(req.deviceId)) return true;
    if (allow.ranges.length > 0) {
      const addr = parseIp(req.ip);
      if (addr && allow.ranges.some(([a, p]) => a.kind() === addr.kind() && addr.match([a, p] as never))) return true;
    }
    if (allow.userIds.size === 0) return false;
    const userId = req.userId ?? (resolveUserId ? await resolveUserId() : null);
    return userId != null && allow.userIds.has(userId);
  }

  /** Windows in force now (the console banner). */
  async active(db: Db) {
    const compiled = await this.compiled(db);
    const now = this.clock.now().getTime();
    return compiled.windows.filter((w) => w.start <= now && now < w.end);
  }

  /**
   * Write a system-log record for every window start or end that has passed and is not logged
   * yet: the first instance to see it inserts the edge and the record in one transaction.
   */
  async recordTransitions(db: Db): Promise<number> {
    const compiled = await this.compiled(db);
    const now = this.clock.now().getTime();
    const due = compiled.windows.flatMap((w) =>
      (
        [
          ['start', w.start, w.startAt],
          ['end', w.end, w.endAt],
        ] as const
      )
        .filter(([, at]) => at <= now)
        .map(([edge, , at]) => ({ w, edge, at, id: `${w.name}|${edge}|${at}` }))
        .filter((e) => !this.recordedEdges.has(e.id)),
    );
    let written = 0;
    for (const e of due) {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(maintenanceTransitions)
          .values({ window: e.w.name, edge: e.edge, at: new Date(e.at), recordedAt: new Date(now) })
          .onConflictDoNothing()
          .returning({ window: maintenanceTransitions.window });
        if (inserted.length === 0) return;
        written += 1;
        await writeAudit(
          tx,
          [
            {
              action: e.edge === 'start' ? 'maintenanceStarted' : 'maintenanceEnded',
              target: auditTarget(maintenanceWindowResource.name, e.w.name),
              after: { name: e.w.name, startAt: e.w.startAt, endAt: e.w.endAt, [e.edge]: e.at },
            },
          ],
          { actorId: null, actor: 'system', ip: null },
          this.clock.now(),
        );
      });
      this.recordedEdges.add(e.id);
    }
    return written;
  }
}

const gates = new WeakMap<Database, Promise<GameGate>>();

/**
 * The door of this database's game API, one per process and database: the game login uses it
 * and the config fetch calls `admit` the same way (`(await gameGate(deps)).admit(db, {...})`).
 */
export function gameGate({ database, clock }: { database: Database; clock: Clock }): Promise<GameGate> {
  let gate = gates.get(database);
  if (!gate) {
    gate = (async () => {
      const g = new GameGate(clock);
      await g.snapshot.follow(database);
      return g;
    })();
    gates.set(database, gate);
  }
  return gate;
}
