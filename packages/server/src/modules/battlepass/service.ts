import {
  type BattlePassSeason,
  type BattlePassSeasonBody,
  type BattlePassTrack,
  MAX_AMOUNT,
  messages,
  purchaseItemResource,
  type Reward,
} from '@rookery/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  GROUP_COMMIT_IN_FLIGHT,
  GroupCommit,
  type GroupCommitEngine,
  type Outcome,
} from '../../platform/db/group-commit.js';
import type { ReportedEvent } from '../../platform/game-events.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { resourceItems } from '../../platform/resources/tables.js';
import { createMail } from '../mail/mails.js';
import { applyRewards } from '../players/service.js';
import { battlePassClaims, battlePassDailyXp, battlePassProgress, battlePassSeasons } from './tables.js';

export type SeasonRow = typeof battlePassSeasons.$inferSelect;
type State = BattlePassSeason['state'];

const DAY_MS = 86_400_000;

export const seasonState = (row: Pick<SeasonRow, 'startAt' | 'endAt'>, now: Date): State =>
  now < row.startAt ? 'scheduled' : now >= row.endAt ? 'ended' : 'active';

export const toSeason = (row: SeasonRow, now: Date): BattlePassSeason => ({
  id: row.id,
  pass: row.pass,
  name: row.name,
  startAt: row.startAt,
  endAt: row.endAt,
  premiumProductId: row.premiumProductId,
  levels: row.levels,
  xpSources: row.xpSources,
  mailUnclaimed: row.mailUnclaimed,
  mailedAt: row.mailedAt,
  state: seasonState(row, now),
});

/** The level `xp` reaches: the number of levels whose XP to reach it holds. */
export const levelOf = (levels: readonly { xp: number }[], xp: number) => levels.filter((l) => l.xp <= xp).length;

/** The UTC day of the service clock (the daily caps' day; docs/decisions/battle-pass-day.md). */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export async function listSeasons(db: Db) {
  return db.select().from(battlePassSeasons).orderBy(desc(battlePassSeasons.startAt), desc(battlePassSeasons.id));
}

export async function getSeasonRow(db: Db, id: number, lock = false) {
  const q = db.select().from(battlePassSeasons).where(eq(battlePassSeasons.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('battlePass.seasonNotFound');
  return row;
}

/** What the body needs beyond its schema: an IAP item of the store, no overlap with its pass's other seasons. */
async function checkSeason(db: Db, body: BattlePassSeasonBody, id: number | null) {
  if (body.premiumProductId !== undefined) {
    const [item] = await db
      .select({ key: resourceItems.key })
      .from(resourceItems)
      .where(
        and(eq(resourceItems.kind, purchaseItemResource.name), eq(resourceItems.key, String(body.premiumProductId))),
      );
    if (!item) throw badRequest('battlePass.premiumProduct', 'premiumProductId');
  }
  // One writer per pass at a time, so two overlapping seasons cannot both be saved.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`battlePass:${body.pass}`}))`);
  const [other] = await db
    .select({ id: battlePassSeasons.id })
    .from(battlePassSeasons)
    .where(
      and(
        eq(battlePassSeasons.pass, body.pass),
        id === null ? undefined : ne(battlePassSeasons.id, id),
        sql`${battlePassSeasons.startAt} < ${new Date(body.endAt)}`,
        sql`${battlePassSeasons.endAt} > ${new Date(body.startAt)}`,
      ),
    )
    .limit(1);
  if (other)
    throw new AppError(400, 'battlePass.overlap', {
      fields: [
        { field: 'startAt', message: 'battlePass.overlap' },
        { field: 'endAt', message: 'battlePass.overlap' },
      ],
    });
}

const columns = (body: BattlePassSeasonBody) => ({
  pass: body.pass,
  name: body.name,
  startAt: new Date(body.startAt),
  endAt: new Date(body.endAt),
  premiumProductId: body.premiumProductId ?? null,
  levels: body.levels,
  xpSources: body.xpSources,
  mailUnclaimed: body.mailUnclaimed,
});

export async function createSeason(db: Db, body: BattlePassSeasonBody, now: Date) {
  await checkSeason(db, body, null);
  const [row] = await db
    .insert(battlePassSeasons)
    .values({ ...columns(body), createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateSeason(db: Db, id: number, body: BattlePassSeasonBody, now: Date) {
  const before = await getSeasonRow(db, id, true);
  await checkSeason(db, body, id);
  const [after] = await db
    .update(battlePassSeasons)
    .set({ ...columns(body), updatedAt: now })
    .where(eq(battlePassSeasons.id, id))
    .returning();
  return { before, after: after! };
}

/** The seasons running at `now` (one per pass at most). */
export async function activeSeasons(db: Db, now: Date, pass?: string) {
  return db
    .select()
    .from(battlePassSeasons)
    .where(
      and(
        pass === undefined ? undefined : eq(battlePassSeasons.pass, pass),
        lte(battlePassSeasons.startAt, now),
        gt(battlePassSeasons.endAt, now),
      ),
    );
}

/** Add XP to a player's progress in a season (created at need); answers the progress row. */
async function addXp(db: Db, userId: number, seasonId: number, xp: number, now: Date) {
  const [row] = await db
    .insert(battlePassProgress)
    .values({ userId, seasonId, xp, updatedAt: now })
    .onConflictDoUpdate({
      target: [battlePassProgress.userId, battlePassProgress.seasonId],
      set: { xp: sql`least(${battlePassProgress.xp} + ${xp}, 2000000000)`, updatedAt: now },
    })
    .returning();
  return row!;
}

/**
 * The game-events listener: each event named by an XP source of a running season gives that
 * source's XP, up to its daily cap per player (the UTC day of the service clock).
 */
export async function xpFromEvents(db: Db, userId: number, events: readonly ReportedEvent[], now: Date) {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.name, (counts.get(e.name) ?? 0) + 1);
  const seasons = await activeSeasons(db, now);
  const day = dayOf(now);
  for (const season of seasons) {
    let gained = 0;
    for (const source of season.xpSources) {
      const n = counts.get(source.event);
      if (!n) continue;
      await db
        .insert(battlePassDailyXp)
        .values({ userId, seasonId: season.id, source: source.event, day, xp: 0 })
        .onConflictDoNothing();
      const key = and(
        eq(battlePassDailyXp.userId, userId),
        eq(battlePassDailyXp.seasonId, season.id),
        eq(battlePassDailyXp.source, source.event),
        eq(battlePassDailyXp.day, day),
      );
      const [held] = await db.select({ xp: battlePassDailyXp.xp }).from(battlePassDailyXp).where(key).for('update');
      const give = Math.max(0, Math.min(source.xp * n, source.dailyCap - (held?.xp ?? 0)));
      if (give === 0) continue;
      await db
        .update(battlePassDailyXp)
        .set({ xp: sql`${battlePassDailyXp.xp} + ${give}` })
        .where(key);
      gained += give;
    }
    if (gained > 0) await addXp(db, userId, season.id, gained, now);
  }
}

async function progressRow(db: Db, userId: number, seasonId: number) {
  const [row] = await db
    .select()
    .from(battlePassProgress)
    .where(and(eq(battlePassProgress.userId, userId), eq(battlePassProgress.seasonId, seasonId)));
  return row;
}

async function claimsOf(db: Db, userId: number, seasonIds: number[]) {
  if (seasonIds.length === 0) return [];
  return db
    .select()
    .from(battlePassClaims)
    .where(and(eq(battlePassClaims.userId, userId), inArray(battlePassClaims.seasonId, seasonIds)))
    .orderBy(asc(battlePassClaims.seasonId), asc(battlePassClaims.level), asc(battlePassClaims.track));
}

/** What the game sees: the running season of the pass, the player's XP, level, premium, per level what is claimable. */
export async function gameView(db: Db, userId: number, pass: string, now: Date) {
  await needPlayer(db, userId);
  const [season] = await activeSeasons(db, now, pass);
  if (!season) return { season: null, xp: 0, level: 0, premium: false, levels: [] };
  const progress = await progressRow(db, userId, season.id);
  const claims = await claimsOf(db, userId, [season.id]);
  const claimed = new Set(claims.map((c) => `${c.level}:${c.track}`));
  const xp = progress?.xp ?? 0;
  const premium = progress?.premium ?? false;
  const level = levelOf(season.levels, xp);
  return {
    season: {
      id: season.id,
      pass: season.pass,
      name: season.name,
      startAt: season.startAt,
      endAt: season.endAt,
      premiumProductId: season.premiumProductId,
    },
    xp,
    level,
    premium,
    levels: season.levels.map((l, i) => {
      const n = i + 1;
      const track = (t: BattlePassTrack, rewards: Reward[]) => {
        const done = claimed.has(`${n}:${t}`);
        return {
          rewards,
          claimed: done,
          claimable: !done && rewards.length > 0 && n <= level && (t === 'free' || premium),
        };
      };
      return { level: n, xp: l.xp, free: track('free', l.free), premium: track('premium', l.premium) };
    }),
  };
}

/**
 * Claim a level's reward on a track, exactly once: the claim row (unique per player, season, level
 * and track) is inserted with the grant in one transaction; a claim that finds it answers that
 * grant again. Refused: no running season (409), unknown level (404), above the player's level
 * (409), premium without the pass (403), a level without a reward on the track (409).
 */
export async function claim(db: Db, userId: number, pass: string, level: number, track: BattlePassTrack, now: Date) {
  const granted = await claimAtOnce(db, userId, pass, level, track, now);
  if (granted) return granted;
  // Not granted by the one statement: claimed before, or refused — the steps below say which.
  const [season] = await activeSeasons(db, now, pass);
  if (!season) throw new AppError(409, 'battlePass.noSeason');
  const def = season.levels[level - 1];
  if (!def || level < 1) throw new AppError(404, 'battlePass.unknownLevel');
  const answer = (row: typeof battlePassClaims.$inferSelect, duplicate: boolean) => ({
    seasonId: row.seasonId,
    level: row.level,
    track: row.track,
    rewards: row.rewards,
    claimedAt: row.claimedAt,
    duplicate,
  });
  const key = and(
    eq(battlePassClaims.userId, userId),
    eq(battlePassClaims.seasonId, season.id),
    eq(battlePassClaims.level, level),
    eq(battlePassClaims.track, track),
  );
  const [before] = await db.select().from(battlePassClaims).where(key);
  if (before) return answer(before, true);
  const progress = await progressRow(db, userId, season.id);
  if (level > levelOf(season.levels, progress?.xp ?? 0)) throw new AppError(409, 'battlePass.aboveLevel');
  if (track === 'premium' && !progress?.premium) throw new AppError(403, 'battlePass.noPremium');
  const rewards = track === 'free' ? def.free : def.premium;
  if (rewards.length === 0) throw new AppError(409, 'battlePass.nothingToClaim');
  const [inserted] = await db
    .insert(battlePassClaims)
    .values({ userId, seasonId: season.id, level, track, rewards, claimedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    // Another claim of the same level and track committed meanwhile: its grant is the answer.
    const [other] = await db.select().from(battlePassClaims).where(key);
    return answer(other!, true);
  }
  await applyRewards(
    db,
    userId,
    rewards,
    { type: 'battlePass', id: `season ${season.id} level ${level} ${track}` },
    now,
  );
  return answer(inserted, false);
}

/**
 * The usual claim in one statement: the running season, the level's reward on the track, the
 * player's level and premium, the claim row (nothing on conflict) and `apply_rewards` on what was
 * inserted. Answers the grant, or undefined when nothing was inserted (claimed before, or refused).
 */
async function claimAtOnce(db: Db, userId: number, pass: string, level: number, track: BattlePassTrack, now: Date) {
  const result = (await db.execute(sql`
    with s as (
      select id, levels from battle_pass_seasons
      where pass = ${pass} and start_at <= ${now}::timestamptz and end_at > ${now}::timestamptz
      limit 1
    ), d as (
      select s.id as season_id, s.levels -> (${level}::int - 1) as def,
        (select count(*) from jsonb_array_elements(s.levels) l where (l->>'xp')::bigint <= coalesce(p.xp, 0)) as reached,
        coalesce(p.premium, false) as premium
      from s left join battle_pass_progress p on p.user_id = ${userId}::bigint and p.season_id = s.id
    ), ins as (
      insert into battle_pass_claims (user_id, season_id, level, track, rewards, claimed_at)
      select ${userId}::bigint, d.season_id, ${level}::int, ${track}::text, d.def -> ${track}::text, ${now}::timestamptz
      from d
      where ${level}::int >= 1 and d.def is not null and ${level}::int <= d.reached
        and (${track}::text = 'free' or d.premium) and jsonb_array_length(d.def -> ${track}::text) > 0
      on conflict do nothing
      returning season_id, rewards, claimed_at
    )
    select ins.season_id, ins.rewards, ins.claimed_at,
      apply_rewards(${userId}::bigint, ins.rewards, 'rewards',
        jsonb_build_object('source', jsonb_build_object('type', 'battlePass',
          'id', 'season ' || ins.season_id || ' level ' || ${level}::int || ' ' || ${track}::text)),
        ${now}::timestamptz, ${MAX_AMOUNT}::numeric) as save_count
    from ins`)) as unknown as {
    rows: { season_id: number; rewards: Reward[]; claimed_at: string | Date; save_count: number | null }[];
  };
  const row = result.rows[0];
  if (!row) return undefined;
  if (row.save_count === null) throw notFound('player.notFound');
  return {
    seasonId: Number(row.season_id),
    level,
    track,
    rewards: row.rewards,
    claimedAt: new Date(row.claimed_at),
    duplicate: false,
  };
}

export interface ClaimRequest {
  userId: number;
  pass: string;
  level: number;
  track: BattlePassTrack;
}

export type ClaimAnswer = Awaited<ReturnType<typeof claim>>;

/**
 * Claims sent together, one statement for all of them (`battle_pass_claim_apply`, migration
 * 0036: each claim as `claimAtOnce` makes it, its plans cached). A claim it does not grant —
 * claimed before, or refused — is run alone (`claim`, in its own transaction), which says which.
 */
export async function claimMany(db: Db, requests: readonly ClaimRequest[], now: Date): Promise<Outcome<ClaimAnswer>[]> {
  const planned = JSON.stringify(
    requests.map((r, i) => ({ i, u: r.userId, pass: r.pass, level: r.level, track: r.track })),
  );
  const result = (await db.execute(
    sql`select i, season_id, rewards, claimed_at, save_count
        from battle_pass_claim_apply(${planned}::jsonb, ${now}::timestamptz, ${MAX_AMOUNT}::numeric)`,
  )) as unknown as {
    rows: { i: number; season_id: number; rewards: Reward[] | string; claimed_at: string | Date }[];
  };
  const granted = new Map(result.rows.map((row) => [Number(row.i), row]));
  const outcomes: Outcome<ClaimAnswer>[] = [];
  for (const [i, r] of requests.entries()) {
    const row = granted.get(i);
    if (row)
      outcomes.push({
        ok: true,
        value: {
          seasonId: Number(row.season_id),
          level: r.level,
          track: r.track,
          rewards: typeof row.rewards === 'string' ? (JSON.parse(row.rewards) as Reward[]) : row.rewards,
          claimedAt: new Date(row.claimed_at),
          duplicate: false,
        },
      });
    else
      outcomes.push(
        await db
          .transaction((tx) => claim(tx as unknown as Db, r.userId, r.pass, r.level, r.track, now))
          .then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error }),
          ),
      );
  }
  return outcomes;
}

/** The game's claims, grouped: the calls that arrive together share a statement (`claimMany`). */
export function claimQueue(db: Db, kind: GroupCommitEngine, now: () => Date) {
  return new GroupCommit<ClaimRequest, ClaimAnswer>(db, {
    keyOf: (r) => r.userId,
    runBatch: (base, requests) => claimMany(base, requests, now()),
    runOne: (base, r) =>
      base.transaction((tx) => claim(tx as unknown as Db, r.userId, r.pass, r.level, r.track, now())),
    maxInFlight: GROUP_COMMIT_IN_FLIGHT[kind],
  });
}

/** The orders area's delivery: the running season's premium product unlocks premium (once; again: no change). */
export async function unlockPremium(db: Db, userId: number, productId: string, orderId: number, now: Date) {
  // One statement: the running seasons whose premium product this is (usually none) unlock.
  await db.execute(sql`
    insert into ${battlePassProgress} as p (user_id, season_id, premium, premium_order_id, updated_at)
    select ${userId}::bigint, s.id, true, ${orderId}::bigint, ${now}::timestamptz
    from ${battlePassSeasons} s
    where s.premium_product_id::text = ${productId}::text
      and s.start_at <= ${now}::timestamptz and s.end_at > ${now}::timestamptz
    on conflict (user_id, season_id) do update
      set premium = true, premium_order_id = coalesce(p.premium_order_id, excluded.premium_order_id),
        updated_at = excluded.updated_at`);
}

/** 404 `player.notFound` for no such player (the operators' calls name one). */
async function needPlayer(db: Db, userId: number) {
  const found = (await db.execute(sql`select 1 from players where id = ${userId}::bigint`)) as unknown as {
    rows: unknown[];
  };
  if (found.rows.length === 0) throw notFound('player.notFound');
}

/** A player's progress per season they have any of (and the running seasons), newest first. */
export async function playerProgress(db: Db, userId: number, now: Date) {
  await needPlayer(db, userId);
  const rows = await db
    .select({ season: battlePassSeasons, progress: battlePassProgress })
    .from(battlePassSeasons)
    .leftJoin(
      battlePassProgress,
      and(eq(battlePassProgress.seasonId, battlePassSeasons.id), eq(battlePassProgress.userId, userId)),
    )
    .orderBy(desc(battlePassSeasons.startAt), desc(battlePassSeasons.id));
  const shown = rows.filter((r) => r.progress || seasonState(r.season, now) === 'active');
  const claims = await claimsOf(
    db,
    userId,
    shown.map((r) => r.season.id),
  );
  return shown.map((r) => progressView(r.season, r.progress ?? undefined, claims, now));
}

function progressView(
  season: SeasonRow,
  progress: typeof battlePassProgress.$inferSelect | undefined,
  claims: (typeof battlePassClaims.$inferSelect)[],
  now: Date,
) {
  const xp = progress?.xp ?? 0;
  return {
    seasonId: season.id,
    seasonName: season.name,
    state: seasonState(season, now),
    xp,
    level: levelOf(season.levels, xp),
    levels: season.levels.length,
    premium: progress?.premium ?? false,
    claims: claims
      .filter((c) => c.seasonId === season.id)
      .map((c) => ({ level: c.level, track: c.track, claimedAt: c.claimedAt })),
  };
}

export async function progressOf(db: Db, userId: number, seasonId: number, now: Date) {
  const season = await getSeasonRow(db, seasonId);
  return progressView(season, await progressRow(db, userId, seasonId), await claimsOf(db, userId, [seasonId]), now);
}

export async function grantXp(db: Db, userId: number, seasonId: number, xp: number, now: Date) {
  await needPlayer(db, userId);
  await getSeasonRow(db, seasonId);
  const before = await progressOf(db, userId, seasonId, now);
  await addXp(db, userId, seasonId, xp, now);
  return { before, after: await progressOf(db, userId, seasonId, now) };
}

export async function resetProgress(db: Db, userId: number, seasonId: number, now: Date) {
  await needPlayer(db, userId);
  const before = await progressOf(db, userId, seasonId, now);
  await db
    .delete(battlePassProgress)
    .where(and(eq(battlePassProgress.userId, userId), eq(battlePassProgress.seasonId, seasonId)));
  await db
    .delete(battlePassDailyXp)
    .where(and(eq(battlePassDailyXp.userId, userId), eq(battlePassDailyXp.seasonId, seasonId)));
  await db
    .delete(battlePassClaims)
    .where(and(eq(battlePassClaims.userId, userId), eq(battlePassClaims.seasonId, seasonId)));
  return { before, after: await progressOf(db, userId, seasonId, now) };
}

/**
 * The season-end mail of one ended season flagged for it: each player's free rewards up to their
 * level not claimed, one personal mail each. The season row is marked in the same transaction
 * (`mailed_at`, set only while null), so a second run or another instance sends nothing.
 * Answers the number of mails sent (null: nothing to do for this season).
 */
export async function mailSeasonEnd(db: Db, seasonId: number, now: Date): Promise<number | null> {
  const [season] = await db
    .update(battlePassSeasons)
    .set({ mailedAt: now })
    .where(
      and(
        eq(battlePassSeasons.id, seasonId),
        eq(battlePassSeasons.mailUnclaimed, true),
        isNull(battlePassSeasons.mailedAt),
        lte(battlePassSeasons.endAt, now),
      ),
    )
    .returning();
  if (!season) return null;
  const players = await db.select().from(battlePassProgress).where(eq(battlePassProgress.seasonId, season.id));
  const claimed = await db
    .select({ userId: battlePassClaims.userId, level: battlePassClaims.level })
    .from(battlePassClaims)
    .where(and(eq(battlePassClaims.seasonId, season.id), eq(battlePassClaims.track, 'free')));
  const done = new Set(claimed.map((c) => `${c.userId}:${c.level}`));
  const title = messages['battlePass.mailTitle'];
  const content = messages['battlePass.mailContent'];
  let sent = 0;
  for (const p of players) {
    const level = levelOf(season.levels, p.xp);
    const totals = new Map<string, number>();
    for (let n = 1; n <= level; n++) {
      if (done.has(`${p.userId}:${n}`)) continue;
      for (const r of season.levels[n - 1]!.free) totals.set(r.kind, (totals.get(r.kind) ?? 0) + r.amount);
    }
    if (totals.size === 0) continue;
    const reward = [...totals].map(([kind, amount]) => ({ kind, amount })) as Reward[];
    await createMail(
      db,
      {
        mailScope: 'personal',
        title: { 'zh-CN': title['zh-CN'], 'en-US': title['en-US'] },
        content: {
          'zh-CN': content['zh-CN'].replace('{season}', season.name),
          'en-US': content['en-US'].replace('{season}', season.name),
        },
        reward,
        conditions: [],
        expireAt: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
        userIdInput: String(p.userId),
      } as Parameters<typeof createMail>[1],
      null,
      'en-US',
      now,
    );
    sent += 1;
  }
  return sent;
}

/** The ended seasons flagged for the mail and not mailed yet. */
export async function seasonsToMail(db: Db, now: Date) {
  const rows = await db
    .select({ id: battlePassSeasons.id })
    .from(battlePassSeasons)
    .where(
      and(
        eq(battlePassSeasons.mailUnclaimed, true),
        isNull(battlePassSeasons.mailedAt),
        lte(battlePassSeasons.endAt, now),
      ),
    );
  return rows.map((r) => r.id);
}
