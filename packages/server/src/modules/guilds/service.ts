import {
  GUILD_CHAT_RATE,
  type GuildBanKind,
  type GuildJoinMode,
  type GuildRole,
  type MailBody,
  messages,
} from '@rookery/contracts';
import { and, asc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  GROUP_COMMIT_IN_FLIGHT,
  GroupCommit,
  type GroupCommitEngine,
  type Outcome,
} from '../../platform/db/group-commit.js';
import { containsPattern, keysetPaginate } from '../../platform/db/paginate.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { createMail } from '../mail/mails.js';
import { chatBanEndOf, chatBansOf, existingPlayerIds, lastLoginsOf } from '../players/service.js';
import { foldName } from './names.js';
import { guildJoinRequests, guildMembers, guildMessages, guildNameFilters, guilds } from './tables.js';

/**
 * Guilds and guild chat: the rules the game's calls and the operators' tools share. Every function
 * takes the caller's `db` (inside a mutation, its transaction); a change locks the guild row
 * first (`FOR UPDATE`), so joins, kicks and hand-overs of one guild queue instead of racing.
 */

export type GuildRow = typeof guilds.$inferSelect;
type MemberRow = typeof guildMembers.$inferSelect;

const DAY_MS = 86_400_000;

const live = (until: Date | null, now: Date) => (until && until > now ? until : null);

export const guildView = (g: GuildRow, memberCount: number, now: Date) => ({
  id: g.id,
  name: g.name,
  joinMode: g.joinMode,
  memberLimit: g.memberLimit,
  memberCount,
  leaderId: g.leaderId,
  createdAt: g.createdAt,
  chatBannedUntil: live(g.chatBannedUntil, now),
});

export const consoleGuildView = (g: GuildRow, memberCount: number, now: Date) => ({
  ...guildView(g, memberCount, now),
  state: g.disbandedAt ? ('disbanded' as const) : ('active' as const),
  listBannedUntil: live(g.listBannedUntil, now),
  chatBanReason: live(g.chatBannedUntil, now) ? g.chatBanReason : null,
  listBanReason: live(g.listBannedUntil, now) ? g.listBanReason : null,
  disbandedAt: g.disbandedAt,
});

const roleOrder: Record<GuildRole, number> = { leader: 0, officer: 1, member: 2 };

async function membersOf(db: Db, guildId: number): Promise<MemberRow[]> {
  const rows = await db.select().from(guildMembers).where(eq(guildMembers.guildId, guildId));
  return rows.sort(
    (a, b) =>
      roleOrder[a.role] - roleOrder[b.role] || a.joinedAt.getTime() - b.joinedAt.getTime() || a.userId - b.userId,
  );
}

const memberView = (m: MemberRow) => ({ userId: m.userId, role: m.role, joinedAt: m.joinedAt });

/** A live guild (404 `guild.notFound` for none or disbanded), locked for the caller's transaction when asked. */
export async function liveGuild(db: Db, id: number, lock = false): Promise<GuildRow> {
  const q = db
    .select()
    .from(guilds)
    .where(and(eq(guilds.id, id), isNull(guilds.disbandedAt)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('guild.notFound');
  return row;
}

/** A guild with its members, as the game sees it. */
export async function gameGuild(db: Db, g: GuildRow, now: Date) {
  const members = await membersOf(db, g.id);
  return { ...guildView(g, members.length, now), members: members.map(memberView) };
}

/** How many members each guild has. */
async function memberCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ guildId: guildMembers.guildId, n: sql<number>`count(*)::int` })
    .from(guildMembers)
    .where(inArray(guildMembers.guildId, ids))
    .groupBy(guildMembers.guildId);
  return new Map(rows.map((r) => [r.guildId, Number(r.n)]));
}

// ---------------------------------------------------------------------------------------------
// Names

/**
 * The name's rules beyond its schema: no filtered word (folded both sides: a lookalike spelling
 * of the word is caught), and no live guild with the same folded name (`except`: the guild being
 * renamed). 400 on the name field; the unique index catches the race of two creates.
 */
export async function checkName(db: Db, name: string, except?: number): Promise<string> {
  const key = foldName(name);
  const [filtered] = await db
    .select({ word: guildNameFilters.word })
    .from(guildNameFilters)
    .where(sql`strpos(${key}, ${guildNameFilters.wordKey}) > 0`)
    .limit(1);
  if (filtered)
    throw new AppError(400, 'guild.nameFiltered', {
      vars: { word: filtered.word },
      fields: [{ field: 'name', message: 'guild.nameFiltered' }],
    });
  const [taken] = await db
    .select({ id: guilds.id, name: guilds.name })
    .from(guilds)
    .where(and(eq(guilds.nameKey, key), isNull(guilds.disbandedAt)));
  if (taken && taken.id !== except) throw nameTaken(name);
  return key;
}

const nameTaken = (name: string) =>
  new AppError(409, 'guild.nameTaken', { vars: { name }, fields: [{ field: 'name', message: 'guild.nameTaken' }] });

/** A write that may hit the live-name index: its violation is the name being taken (a race lost). */
async function guardName<T>(db: Db, name: string, write: () => Promise<T>): Promise<T> {
  try {
    // A savepoint: the violation rolls back only the write, and the caller answers 409.
    return await db.transaction(async () => write());
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw nameTaken(name);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The game's calls

async function membershipOf(db: Db, userId: number, lock = false): Promise<MemberRow | undefined> {
  const q = db.select().from(guildMembers).where(eq(guildMembers.userId, userId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

async function needPlayer(db: Db, userId: number) {
  if (!(await existingPlayerIds(db, [userId])).has(userId)) throw notFound('player.notFound');
}

/** The player's guild, locked, and their membership; 404 `guild.notInGuild` when in none. */
async function ownGuild(db: Db, userId: number): Promise<{ guild: GuildRow; me: MemberRow }> {
  const me = await membershipOf(db, userId);
  if (!me) throw notFound('guild.notInGuild');
  const guild = await liveGuild(db, me.guildId, true);
  const again = await membershipOf(db, userId, true);
  if (!again || again.guildId !== guild.id) throw notFound('guild.notInGuild');
  return { guild, me: again };
}

export async function createGuild(
  db: Db,
  userId: number,
  body: { name: string; joinMode: GuildJoinMode; memberLimit: number },
  now: Date,
) {
  await needPlayer(db, userId);
  if (await membershipOf(db, userId, true)) throw conflict('guild.alreadyInGuild');
  const nameKey = await checkName(db, body.name);
  const row = await guardName(db, body.name, async () => {
    const [g] = await db
      .insert(guilds)
      .values({
        name: body.name,
        nameKey,
        joinMode: body.joinMode,
        memberLimit: body.memberLimit,
        leaderId: userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return g!;
  });
  await db.insert(guildMembers).values({ userId, guildId: row.id, role: 'leader', joinedAt: now });
  await db.delete(guildJoinRequests).where(eq(guildJoinRequests.userId, userId));
  return gameGuild(db, row, now);
}

export async function playerGuild(db: Db, userId: number, now: Date) {
  await needPlayer(db, userId);
  const me = await membershipOf(db, userId);
  const [request] = await db.select().from(guildJoinRequests).where(eq(guildJoinRequests.userId, userId));
  if (!me) return { guild: null, role: null, requests: [], requestedGuildId: request?.guildId ?? null };
  const guild = await liveGuild(db, me.guildId);
  const requests =
    me.role === 'member'
      ? []
      : await db
          .select({ userId: guildJoinRequests.userId, requestedAt: guildJoinRequests.requestedAt })
          .from(guildJoinRequests)
          .where(eq(guildJoinRequests.guildId, guild.id))
          .orderBy(asc(guildJoinRequests.requestedAt), asc(guildJoinRequests.userId));
  return { guild: await gameGuild(db, guild, now), role: me.role, requests, requestedGuildId: null };
}

/** The game's guild list: live guilds not banned from it, by name (folded, contains), newest first. */
export async function listGameGuilds(db: Db, q: { name?: string; cursor?: string; pageSize: number }, now: Date) {
  const page = await keysetPaginate(db, {
    from: guilds,
    filters: [
      isNull(guilds.disbandedAt),
      or(isNull(guilds.listBannedUntil), lt(guilds.listBannedUntil, now)),
      q.name ? sql`strpos(${guilds.nameKey}, ${foldName(q.name)}) > 0` : undefined,
    ],
    time: guilds.createdAt,
    id: guilds.id,
    cursor: q.cursor,
    pageSize: q.pageSize,
  });
  const counts = await memberCounts(
    db,
    page.rows.map((g) => g.id),
  );
  return { list: page.rows.map((g) => guildView(g, counts.get(g.id) ?? 0, now)), nextCursor: page.nextCursor };
}

async function addMember(db: Db, guild: GuildRow, userId: number, now: Date) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(guildMembers)
    .where(eq(guildMembers.guildId, guild.id));
  if (Number(n) >= guild.memberLimit) throw new AppError(409, 'guild.full', { vars: { limit: guild.memberLimit } });
  const [added] = await db
    .insert(guildMembers)
    .values({ userId, guildId: guild.id, role: 'member', joinedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!added) throw conflict('guild.alreadyInGuild');
  await db.delete(guildJoinRequests).where(eq(guildJoinRequests.userId, userId));
}

export async function joinGuild(db: Db, userId: number, guildId: number, now: Date) {
  await needPlayer(db, userId);
  const guild = await liveGuild(db, guildId, true);
  if (await membershipOf(db, userId, true)) throw conflict('guild.alreadyInGuild');
  if (guild.joinMode === 'open') {
    await addMember(db, guild, userId, now);
    return { state: 'joined' as const, guild: await gameGuild(db, guild, now) };
  }
  await db
    .insert(guildJoinRequests)
    .values({ userId, guildId, requestedAt: now })
    .onConflictDoUpdate({ target: guildJoinRequests.userId, set: { guildId, requestedAt: now } });
  return { state: 'requested' as const, guild: await gameGuild(db, guild, now) };
}

export async function answerRequest(db: Db, userId: number, requesterId: number, accept: boolean, now: Date) {
  const { guild, me } = await ownGuild(db, userId);
  if (me.role === 'member') throw new AppError(403, 'guild.notAllowed');
  const [request] = await db
    .delete(guildJoinRequests)
    .where(and(eq(guildJoinRequests.userId, requesterId), eq(guildJoinRequests.guildId, guild.id)))
    .returning();
  if (!request) throw notFound('guild.noRequest');
  if (accept) {
    if (await membershipOf(db, requesterId, true)) throw conflict('guild.alreadyInGuild');
    await addMember(db, guild, requesterId, now);
  }
  return gameGuild(db, guild, now);
}

async function dissolve(db: Db, guild: GuildRow, now: Date, reason: string | null) {
  const members = await membersOf(db, guild.id);
  await db.delete(guildMembers).where(eq(guildMembers.guildId, guild.id));
  await db.delete(guildJoinRequests).where(eq(guildJoinRequests.guildId, guild.id));
  const [after] = await db
    .update(guilds)
    .set({ disbandedAt: now, disbandReason: reason, leaderId: null, updatedAt: now })
    .where(eq(guilds.id, guild.id))
    .returning();
  return { members, after: after! };
}

export async function leaveGuild(db: Db, userId: number, now: Date) {
  const { guild, me } = await ownGuild(db, userId);
  if (me.role === 'leader') {
    const members = await membersOf(db, guild.id);
    if (members.length > 1) throw new AppError(409, 'guild.leaderMustHandOver');
    await dissolve(db, guild, now, null);
    return { left: guild.id, disbanded: true };
  }
  await db.delete(guildMembers).where(eq(guildMembers.userId, userId));
  return { left: guild.id, disbanded: false };
}

async function memberOf(db: Db, guildId: number, userId: number): Promise<MemberRow> {
  const [m] = await db
    .select()
    .from(guildMembers)
    .where(and(eq(guildMembers.userId, userId), eq(guildMembers.guildId, guildId)));
  if (!m) throw new AppError(404, 'guild.notMember', { vars: { userId } });
  return m;
}

export async function kickMember(db: Db, userId: number, memberId: number, now: Date) {
  const { guild, me } = await ownGuild(db, userId);
  const target = await memberOf(db, guild.id, memberId);
  const allowed =
    target.userId !== userId && (me.role === 'leader' || (me.role === 'officer' && target.role === 'member'));
  if (!allowed) throw new AppError(403, 'guild.notAllowed');
  await db.delete(guildMembers).where(eq(guildMembers.userId, memberId));
  return gameGuild(db, guild, now);
}

/** Make `memberId` the leader; the old leader becomes an officer. */
async function handOver(db: Db, guild: GuildRow, memberId: number, now: Date) {
  const target = await memberOf(db, guild.id, memberId);
  if (target.role === 'leader') throw conflict('guild.alreadyLeader');
  await db
    .update(guildMembers)
    .set({ role: 'officer' })
    .where(and(eq(guildMembers.guildId, guild.id), eq(guildMembers.role, 'leader')));
  await db.update(guildMembers).set({ role: 'leader' }).where(eq(guildMembers.userId, memberId));
  const [after] = await db
    .update(guilds)
    .set({ leaderId: memberId, updatedAt: now })
    .where(eq(guilds.id, guild.id))
    .returning();
  return after!;
}

export async function setRole(db: Db, userId: number, memberId: number, role: GuildRole, now: Date) {
  const { guild, me } = await ownGuild(db, userId);
  if (me.role !== 'leader' || memberId === userId) throw new AppError(403, 'guild.notAllowed');
  if (role === 'leader') return gameGuild(db, await handOver(db, guild, memberId, now), now);
  await memberOf(db, guild.id, memberId);
  await db.update(guildMembers).set({ role }).where(eq(guildMembers.userId, memberId));
  return gameGuild(db, guild, now);
}

export async function updateSettings(
  db: Db,
  userId: number,
  body: { joinMode?: GuildJoinMode; memberLimit?: number },
  now: Date,
) {
  const { guild, me } = await ownGuild(db, userId);
  if (me.role !== 'leader') throw new AppError(403, 'guild.notAllowed');
  if (body.memberLimit !== undefined) {
    const count = (await membersOf(db, guild.id)).length;
    if (body.memberLimit < count)
      throw new AppError(409, 'guild.memberLimitBelowMembers', {
        vars: { count },
        fields: [{ field: 'memberLimit', message: 'guild.memberLimitBelowMembers' }],
      });
  }
  const [after] = await db
    .update(guilds)
    .set({
      joinMode: body.joinMode ?? guild.joinMode,
      memberLimit: body.memberLimit ?? guild.memberLimit,
      updatedAt: now,
    })
    .where(eq(guilds.id, guild.id))
    .returning();
  return gameGuild(db, after!, now);
}

export async function disbandByLeader(db: Db, userId: number, now: Date) {
  const { guild, me } = await ownGuild(db, userId);
  if (me.role !== 'leader') throw new AppError(403, 'guild.notAllowed');
  await dissolve(db, guild, now, null);
  return { disbanded: guild.id };
}

// ---------------------------------------------------------------------------------------------
// Chat

export interface ChatPost {
  userId: number;
  text: string;
}

/**
 * Post in the player's guild chat in one statement: the member's rate window moves (the row is
 * locked, so one player's posts count one after another on every instance), the guild's and the
 * player's chat bans are read, and the message is inserted only when all allow it. When nothing
 * was inserted, `whyRefused` says why.
 */
export interface ChatMessage {
  id: number;
  guildId: number;
  userId: number;
  text: string;
  createdAt: Date;
}

export async function postChat(db: Db, post: ChatPost, now: Date): Promise<ChatMessage> {
  const [outcome] = await postChats(db, [{ ...post, now }]);
  if (!outcome!.ok) throw outcome!.error;
  return outcome!.value;
}

/**
 * Posts of distinct players in one statement (the group commit's batch; one post is a batch of
 * one): for each, the member's rate window moved and the message inserted only while the player is
 * in a live guild, neither the player nor the guild is chat-banned at the post's time and the
 * window has room. A post that stored nothing is refused with its own reason (`whyRefused`).
 */
export async function postChats(db: Db, posts: readonly (ChatPost & { now: Date })[]): Promise<Outcome<ChatMessage>[]> {
  const ids = posts.map((p) => p.userId);
  const window = `${GUILD_CHAT_RATE.seconds} seconds`;
  const fresh = sql`(gm.chat_window_start is null or gm.chat_window_start <= i.at - ${window}::interval)`;
  const result = (await db.execute(sql`
    with i as (
      select * from unnest(${sql.param(ids)}::bigint[], ${sql.param(posts.map((p) => p.text))}::text[],
        ${sql.param(posts.map((p) => p.now.toISOString()))}::timestamptz[]) with ordinality as i(user_id, text, at, n)
    ), m as (
      update guild_members gm set
        chat_window_start = case when ${fresh} then i.at else gm.chat_window_start end,
        chat_window_count = case when ${fresh} then 1 else gm.chat_window_count + 1 end
      from i, guilds g
      where gm.user_id = i.user_id and g.id = gm.guild_id and g.disbanded_at is null
        and (${fresh} or gm.chat_window_count < ${GUILD_CHAT_RATE.messages}::int)
        and (g.chat_banned_until is null or g.chat_banned_until <= i.at)
        and coalesce(${chatBanEndOf(sql`i.user_id`)}, '-infinity'::timestamptz) <= i.at
      returning gm.guild_id, gm.user_id
    )
    insert into guild_messages (guild_id, user_id, text, created_at)
    select m.guild_id, i.user_id, i.text, i.at from m join i on i.user_id = m.user_id
    order by i.n
    returning id, guild_id, user_id, text, created_at`)) as unknown as {
    rows: {
      id: number | string;
      guild_id: number;
      user_id: number | string;
      text: string;
      created_at: string | Date;
    }[];
  };
  const stored = new Map(result.rows.map((row) => [Number(row.user_id), row]));
  return Promise.all(
    posts.map(async (p): Promise<Outcome<ChatMessage>> => {
      const row = stored.get(p.userId);
      if (!row) return { ok: false, error: await whyRefused(db, p.userId, p.now) };
      return {
        ok: true,
        value: {
          id: Number(row.id),
          guildId: Number(row.guild_id),
          userId: Number(row.user_id),
          text: row.text,
          createdAt: new Date(row.created_at),
        },
      };
    }),
  );
}

/**
 * The game's chat posts, grouped: posts that arrive together are stored by one statement
 * (`postChats`); a player's second post waits for the next batch, so their rate window counts both.
 */
export function chatQueue(db: Db, kind: GroupCommitEngine) {
  return new GroupCommit<ChatPost & { now: Date }, ChatMessage>(db, {
    keyOf: (p) => p.userId,
    runBatch: (base, items) => postChats(base, items),
    runOne: (base, item) => postChat(base, item, item.now),
    maxInFlight: GROUP_COMMIT_IN_FLIGHT[kind],
  });
}

/** Why a post was not stored: no player, no guild, the player's or the guild's chat ban, or the rate. */
async function whyRefused(db: Db, userId: number, now: Date): Promise<AppError> {
  const ban = await chatBansOf(db, userId, now);
  if (!ban) return notFound('player.notFound');
  if (ban.until) return new AppError(403, 'guild.chatBanned', { vars: { until: ban.until.toISOString() } });
  const me = await membershipOf(db, userId);
  if (!me) return notFound('guild.notInGuild');
  const [g] = await db.select().from(guilds).where(eq(guilds.id, me.guildId));
  if (!g || g.disbandedAt) return notFound('guild.notInGuild');
  const closed = live(g.chatBannedUntil, now);
  if (closed) return new AppError(403, 'guild.guildChatBanned', { vars: { until: closed.toISOString() } });
  return new AppError(429, 'guild.chatTooFast', {
    vars: { messages: GUILD_CHAT_RATE.messages, seconds: GUILD_CHAT_RATE.seconds },
  });
}

const messageView = (m: typeof guildMessages.$inferSelect) => ({
  id: m.id,
  guildId: m.guildId,
  userId: m.userId,
  text: m.text,
  createdAt: m.createdAt,
});

/** The player's guild chat, newest first by keyset; deleted messages never return. */
export async function readChat(db: Db, userId: number, q: { cursor?: string; pageSize: number }) {
  await needPlayer(db, userId);
  const me = await membershipOf(db, userId);
  if (!me) throw notFound('guild.notInGuild');
  const page = await keysetPaginate(db, {
    from: guildMessages,
    filters: [eq(guildMessages.guildId, me.guildId), isNull(guildMessages.deletedAt)],
    time: guildMessages.createdAt,
    id: guildMessages.id,
    cursor: q.cursor,
    pageSize: q.pageSize,
  });
  return { list: page.rows.map(messageView), nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------------------------------------
// The operators' tools

export async function listConsoleGuilds(
  db: Db,
  q: { search?: string; state?: 'active' | 'disbanded'; cursor?: string; pageSize: number },
  now: Date,
) {
  const search = q.search?.trim();
  const byId = search && /^\d{1,9}$/.test(search) ? Number(search) : undefined;
  const page = await keysetPaginate(db, {
    from: guilds,
    filters: [
      q.state === 'active'
        ? isNull(guilds.disbandedAt)
        : q.state === 'disbanded'
          ? isNotNull(guilds.disbandedAt)
          : undefined,
      search
        ? or(
            byId === undefined ? undefined : eq(guilds.id, byId),
            ilike(guilds.name, containsPattern(search)),
            sql`strpos(${guilds.nameKey}, ${foldName(search)}) > 0`,
          )
        : undefined,
    ],
    time: guilds.createdAt,
    id: guilds.id,
    cursor: q.cursor,
    pageSize: q.pageSize,
  });
  const counts = await memberCounts(
    db,
    page.rows.map((g) => g.id),
  );
  return { list: page.rows.map((g) => consoleGuildView(g, counts.get(g.id) ?? 0, now)), nextCursor: page.nextCursor };
}

/** Any guild (disbanded too) with its members, their roles and last login. */
export async function consoleGuild(db: Db, id: number, now: Date, lock = false) {
  const q = db.select().from(guilds).where(eq(guilds.id, id));
  const [g] = lock ? await q.for('update') : await q;
  if (!g) throw notFound('guild.notFound');
  const members = await membersOf(db, g.id);
  const logins = await lastLoginsOf(
    db,
    members.map((m) => m.userId),
  );
  return {
    row: g,
    view: {
      ...consoleGuildView(g, members.length, now),
      members: members.map((m) => ({ ...memberView(m), lastLoginAt: logins.get(m.userId) ?? null })),
    },
  };
}

async function liveForConsole(db: Db, id: number, now: Date) {
  const found = await consoleGuild(db, id, now, true);
  if (found.row.disbandedAt) throw notFound('guild.notFound');
  return found;
}

export async function renameGuild(db: Db, id: number, name: string, now: Date) {
  const { view: before } = await liveForConsole(db, id, now);
  const nameKey = await checkName(db, name, id);
  await guardName(db, name, () => db.update(guilds).set({ name, nameKey, updatedAt: now }).where(eq(guilds.id, id)));
  return { before, after: (await consoleGuild(db, id, now)).view };
}

export async function changeLeader(db: Db, id: number, userId: number, now: Date) {
  const { row, view: before } = await liveForConsole(db, id, now);
  await handOver(db, row, userId, now);
  return { before, after: (await consoleGuild(db, id, now)).view };
}

export async function removeMember(db: Db, id: number, userId: number, now: Date) {
  const { row, view: before } = await liveForConsole(db, id, now);
  const target = await memberOf(db, row.id, userId);
  if (target.role === 'leader') throw conflict('guild.leaderCannotBeRemoved');
  await db.delete(guildMembers).where(eq(guildMembers.userId, userId));
  return { before, after: (await consoleGuild(db, id, now)).view };
}

/** Disband by the operators: members removed, each told by one personal mail (in this transaction). */
export async function disbandByOperator(db: Db, id: number, reason: string, actor: string | null, now: Date) {
  const { row, view: before } = await liveForConsole(db, id, now);
  const { members } = await dissolve(db, row, now, reason);
  if (members.length > 0) {
    const title = messages['guild.disbandMailTitle'];
    const content = messages['guild.disbandMailContent'];
    const body: MailBody = {
      mailScope: 'personal',
      title: { 'zh-CN': title['zh-CN'], 'en-US': title['en-US'] },
      content: {
        'zh-CN': content['zh-CN'].replace('{guild}', row.name),
        'en-US': content['en-US'].replace('{guild}', row.name),
      },
      reward: [],
      conditions: [],
      expireAt: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      userIdInput: members.map((m) => m.userId).join('\n'),
    };
    await createMail(db, body, actor, 'en-US', now);
  }
  return { before, after: (await consoleGuild(db, id, now)).view, told: members.length };
}

export async function banGuild(
  db: Db,
  id: number,
  body: { kind: GuildBanKind; until: string; reason: string },
  now: Date,
) {
  const until = new Date(body.until);
  if (until <= now) throw badRequest('v.untilInPast', 'until');
  const { view: before } = await liveForConsole(db, id, now);
  const set =
    body.kind === 'chat'
      ? { chatBannedUntil: until, chatBanReason: body.reason }
      : { listBannedUntil: until, listBanReason: body.reason };
  await db
    .update(guilds)
    .set({ ...set, updatedAt: now })
    .where(eq(guilds.id, id));
  return { before, after: (await consoleGuild(db, id, now)).view };
}

export async function liftBan(db: Db, id: number, kind: GuildBanKind, now: Date) {
  const { view: before } = await liveForConsole(db, id, now);
  const set =
    kind === 'chat' ? { chatBannedUntil: null, chatBanReason: null } : { listBannedUntil: null, listBanReason: null };
  await db
    .update(guilds)
    .set({ ...set, updatedAt: now })
    .where(eq(guilds.id, id));
  return { before, after: (await consoleGuild(db, id, now)).view };
}

/** Live guilds banned now from chat or the list, the ban ending first first. */
export async function listBans(db: Db, kind: GuildBanKind | undefined, now: Date) {
  const chat = gt(guilds.chatBannedUntil, now);
  const list = gt(guilds.listBannedUntil, now);
  const rows = await db
    .select()
    .from(guilds)
    .where(and(isNull(guilds.disbandedAt), kind === 'chat' ? chat : kind === 'list' ? list : or(chat, list)))
    .orderBy(sql`least(${guilds.chatBannedUntil}, ${guilds.listBannedUntil})`, asc(guilds.id))
    .limit(500);
  const counts = await memberCounts(
    db,
    rows.map((g) => g.id),
  );
  return { list: rows.map((g) => consoleGuildView(g, counts.get(g.id) ?? 0, now)) };
}

/** The chat as operators read it: a guild's or all, a time range, a text filter; deleted ones marked. */
export async function listConsoleChat(
  db: Db,
  q: {
    guildId?: number;
    userId?: number;
    text?: string;
    start?: string;
    end?: string;
    cursor?: string;
    pageSize: number;
  },
) {
  const start = q.start ? new Date(q.start) : undefined;
  const end = q.end ? new Date(q.end) : undefined;
  if (start && end && end <= start) throw badRequest('guild.windowOrder', 'end');
  const filters: (SQL | undefined)[] = [
    q.guildId === undefined ? undefined : eq(guildMessages.guildId, q.guildId),
    q.userId === undefined ? undefined : eq(guildMessages.userId, q.userId),
    q.text ? ilike(guildMessages.text, containsPattern(q.text)) : undefined,
    start ? sql`${guildMessages.createdAt} >= ${start}` : undefined,
    end ? lt(guildMessages.createdAt, end) : undefined,
  ];
  const page = await keysetPaginate(db, {
    from: guildMessages,
    filters,
    time: guildMessages.createdAt,
    id: guildMessages.id,
    cursor: q.cursor,
    pageSize: q.pageSize,
  });
  const ids = [...new Set(page.rows.map((m) => m.guildId))];
  const names = new Map(
    ids.length === 0
      ? []
      : (await db.select({ id: guilds.id, name: guilds.name }).from(guilds).where(inArray(guilds.id, ids))).map(
          (g) => [g.id, g.name] as const,
        ),
  );
  return {
    list: page.rows.map((m) => ({
      ...messageView(m),
      guildName: names.get(m.guildId) ?? '',
      deletedAt: m.deletedAt,
      deletedBy: m.deletedBy,
    })),
    nextCursor: page.nextCursor,
  };
}

/** Mark messages deleted (the ones not deleted yet); answers what each was. */
export async function deleteMessages(db: Db, ids: number[], actor: string | null, now: Date) {
  return db
    .update(guildMessages)
    .set({ deletedAt: now, deletedBy: actor })
    .where(and(inArray(guildMessages.id, ids), isNull(guildMessages.deletedAt)))
    .returning();
}

export async function listNameFilters(db: Db) {
  const rows = await db.select().from(guildNameFilters).orderBy(asc(guildNameFilters.word), asc(guildNameFilters.id));
  return { list: rows.map(({ wordKey: _, ...r }) => r) };
}

export async function addNameFilter(db: Db, word: string, actor: string | null, now: Date) {
  const [row] = await db
    .insert(guildNameFilters)
    .values({ word, wordKey: foldName(word), createdBy: actor, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('guild.filterWordTaken', 'word');
  const { wordKey: _, ...view } = row;
  return view;
}

export async function removeNameFilter(db: Db, id: number) {
  const [row] = await db.delete(guildNameFilters).where(eq(guildNameFilters.id, id)).returning();
  if (!row) throw notFound('guild.filterNotFound');
  const { wordKey: _, ...view } = row;
  return view;
}
