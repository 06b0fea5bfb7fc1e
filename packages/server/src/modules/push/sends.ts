import { setTimeout as wait } from 'node:timers/promises';
import {
  isFcmToken,
  type Locale,
  type PushAudience,
  type PushSendBody,
  type PushSendView,
  type PushTemplate,
  parseUserIdLines,
  pickText,
  pushSendStateLabels,
  type pushSendStates,
  type pushVariables,
} from '@rookery/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { keysetPaginate } from '../../platform/db/paginate.js';
import { AppError } from '../../platform/http/errors.js';
import { defineJob } from '../../platform/jobs/define.js';
import { resourceItems } from '../../platform/resources/tables.js';
import { playerMessageValues, playerSelected } from '../players/audience.js';
import { settleSend } from './forward.js';
import {
  type PushMessageTexts,
  type PushProvider,
  pushDevices,
  pushOutbox,
  pushSends,
  pushSendZones,
  pushTopicSubscriptions,
} from './tables.js';

/** Devices one committed step of a delivery job sends to. */
export const DELIVER_BATCH = 500;

// ---------------------------------------------------------------------------------------------
// Time zones

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's wall clock at a UTC instant, as the UTC milliseconds of the same wall-clock reading. */
function wallClock(zone: string, utcMs: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
}

/**
 * The UTC instant a zone's clocks show `local` (`YYYY-MM-DDTHH:mm`). A wall-clock time skipped by a
 * daylight-saving change reads as the same time after the change; a repeated one as its first.
 */
export function zonedTimeToUtc(local: string, zone: string): number {
  const wall = Date.parse(`${local}:00Z`);
  const first = wall - (wallClock(zone, wall) - wall);
  return wall - (wallClock(zone, first) - first);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A due instant moved out of a zone's quiet hours (`start`–`end`, local; wrapping midnight when
 * start > end): inside them, to their end; otherwise unchanged.
 */
export function outOfQuietHours(dueMs: number, zone: string, start: string, end: string): number {
  if (start === '' || end === '') return dueMs;
  const wall = wallClock(zone, dueMs);
  const day = Math.floor(wall / 86_400_000) * 86_400_000;
  const minute = (wall - day) / 60_000;
  const s = minutesOf(start);
  const e = minutesOf(end);
  const inside = s < e ? minute >= s && minute < e : minute >= s || minute < e;
  if (!inside) return dueMs;
  const wait = (((e - minute) % 1440) + 1440) % 1440;
  return dueMs + wait * 60_000;
}

// ---------------------------------------------------------------------------------------------
// Audience

/** The SQL predicate over `push_devices` joined with `players` of a send's audience at `now`. */
export function audienceSql(spec: PushAudience, now: Date): SQL {
  switch (spec.audience) {
    case 'all':
      return sql`true`;
    case 'players': {
      const { ids } = parseUserIdLines(spec.userIds);
      return inArray(pushDevices.userId, ids);
    }
    case 'topic':
      return sql`exists (select 1 from ${pushTopicSubscriptions} s where s.topic = ${spec.topic} and s.user_id = ${pushDevices.userId})`;
    case 'conditions':
      return playerSelected(pushDevices.userId, spec.conditions, now);
  }
}

/** Players and devices an audience reaches now. */
export async function countPushAudience(db: Db, spec: PushAudience, now: Date) {
  await checkTopic(db, spec);
  const [row] = await db
    .select({
      players: sql<number>`count(distinct ${pushDevices.userId})`.mapWith(Number),
      devices: sql<number>`count(*)`.mapWith(Number),
    })
    .from(pushDevices)
    .where(audienceSql(spec, now));
  return { players: row.players, devices: row.devices };
}

async function checkTopic(db: Db, spec: PushAudience) {
  if (spec.audience !== 'topic') return;
  const [topic] = await db
    .select({ key: resourceItems.key })
    .from(resourceItems)
    .where(and(eq(resourceItems.kind, 'pushTopic'), eq(resourceItems.key, spec.topic)));
  if (!topic)
    throw new AppError(400, 'push.unknownTopics', {
      vars: { names: spec.topic },
      fields: [{ field: 'topic', message: 'push.unknownTopics' }],
    });
}

// ---------------------------------------------------------------------------------------------
// Making a send

/** The message per language: the template's (as it is now) or the send's own text. */
async function resolveMessage(db: Db, spec: PushSendBody): Promise<PushMessageTexts> {
  const texts = (zh: string, en: string) => ({ ...(zh ? { 'zh-CN': zh } : {}), ...(en ? { 'en-US': en } : {}) });
  if (spec.content === 'text')
    return {
      title: texts(spec.titleZh, spec.titleEn),
      body: texts(spec.bodyZh, spec.bodyEn),
      deepLink: '',
      imageUrl: '',
    };
  const [item] = await db
    .select({ document: resourceItems.document })
    .from(resourceItems)
    .where(and(eq(resourceItems.kind, 'pushTemplate'), eq(resourceItems.key, spec.template)));
  if (!item)
    throw new AppError(400, 'push.unknownTemplate', {
      vars: { name: spec.template },
      fields: [{ field: 'template', message: 'push.unknownTemplate' }],
    });
  const t = item.document as PushTemplate;
  return {
    title: texts(t.titleZh, t.titleEn),
    body: texts(t.bodyZh, t.bodyEn),
    deepLink: t.deepLink ?? '',
    imageUrl: t.imageUrl ?? '',
  };
}

/**
 * The zones a send is planned in: one ('' = all at once) unless its time or quiet hours are local.
 * The devices' distinct zones are found by skipping through the `(timezone, id)` index, one probe
 * per zone (a recursive query: the next zone after the last found), so making a send costs the
 * same with a thousand devices or millions (a plain `select distinct` reads every device's entry:
 * half a second for a million on PostgreSQL).
 */
async function zonesOf(db: Db, spec: PushSendBody): Promise<string[]> {
  if (spec.timing !== 'local' && spec.quietStart === '') return [''];
  const { rows } = (await db.execute(sql`
    with recursive zones(zone) as (
      (select d.timezone from ${pushDevices} d order by d.timezone limit 1)
      union all
      select (select d.timezone from ${pushDevices} d where d.timezone > zones.zone order by d.timezone limit 1)
      from zones where zones.zone is not null
    )
    select zone from zones where zone is not null`)) as unknown as { rows: { zone: string }[] };
  return rows.map((r) => r.zone).sort();
}

/**
 * Make a send: refused when nobody it selects has a device, when its time has passed (every zone,
 * for a local time); the zones planned, each due at its time (a local time already past in a zone
 * is due at once: `lateZones`), moved out of quiet hours. Zones due now start at once (their jobs
 * are enqueued by the caller in this transaction); the others wait for the dispatch job.
 */
export async function createSend(
  db: Db,
  spec: PushSendBody,
  opts: { test: boolean; createdBy: string; now: Date; provider?: PushProvider },
): Promise<{ row: typeof pushSends.$inferSelect; startNow: string[] }> {
  const { now } = opts;
  await checkTopic(db, spec);
  const message = await resolveMessage(db, spec);
  if (spec.timing === 'at' && spec.at && Date.parse(spec.at) <= now.getTime())
    throw new AppError(400, 'push.atPast', { fields: [{ field: 'at', message: 'push.atPast' }] });
  const [anyone] = await db.select({ one: sql`1` }).from(pushDevices).where(audienceSql(spec, now)).limit(1);
  if (!anyone) throw new AppError(400, 'push.noRecipients');

  const zones = await zonesOf(db, spec);
  let late = 0;
  const planned = zones.map((zone) => {
    let due = now.getTime();
    if (spec.timing === 'at' && spec.at) due = Date.parse(spec.at);
    if (spec.timing === 'local') {
      due = zonedTimeToUtc(spec.localTime, zone);
      if (due < now.getTime()) {
        late += 1;
        due = now.getTime();
      }
    }
    if (zone !== '') due = outOfQuietHours(due, zone, spec.quietStart, spec.quietEnd);
    return { zone, dueAt: new Date(due) };
  });
  if (spec.timing === 'local' && late === zones.length)
    throw new AppError(400, 'push.localTimePast', { fields: [{ field: 'localTime', message: 'push.localTimePast' }] });
  const startNow = planned.filter((z) => z.dueAt.getTime() <= now.getTime()).map((z) => z.zone);
  const [row] = await db
    .insert(pushSends)
    .values({
      name: spec.name,
      test: opts.test,
      spec,
      message,
      state: startNow.length > 0 ? 'sending' : 'scheduled',
      provider: opts.provider ?? 'outbox',
      zones: planned.length,
      lateZones: late,
      createdBy: opts.createdBy,
      createdAt: now,
    })
    .returning();
  await db.insert(pushSendZones).values(
    planned.map((z) => ({
      sendId: row.id,
      zone: z.zone,
      dueAt: z.dueAt,
      state: startNow.includes(z.zone) ? ('started' as const) : ('pending' as const),
    })),
  );
  return { row, startNow };
}

// ---------------------------------------------------------------------------------------------
// Reading and cancelling

type SendRow = typeof pushSends.$inferSelect & { nextAt?: Date | string | null };

export function toSendView(row: SendRow): PushSendView {
  const spec = row.spec;
  const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
  return {
    id: row.id,
    name: row.name,
    test: row.test,
    audience: spec.audience,
    topic: spec.audience === 'topic' ? spec.topic : '',
    userIdCount: spec.audience === 'players' ? parseUserIdLines(spec.userIds).ids.length : 0,
    conditions: spec.audience === 'conditions' ? spec.conditions : [],
    content: spec.content,
    template: spec.content === 'template' ? spec.template : '',
    titleZh: row.message.title['zh-CN'] ?? '',
    titleEn: row.message.title['en-US'] ?? '',
    timing: spec.timing,
    at: spec.timing === 'at' ? (spec.at ?? null) : null,
    localTime: spec.timing === 'local' ? spec.localTime : '',
    quietStart: spec.quietStart,
    quietEnd: spec.quietEnd,
    ratePerSecond: spec.ratePerSecond,
    state: row.state,
    zones: row.zones,
    zonesDone: row.zonesDone,
    lateZones: row.lateZones,
    targeted: row.targeted,
    sent: row.sent,
    failed: row.failed,
    invalidTokens: row.invalidTokens,
    nextAt: iso(row.nextAt),
    finishedAt: iso(row.finishedAt),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: iso(row.cancelledAt),
    error: row.error,
  };
}

const nextAtSql = sql<Date | null>`(select min(z.due_at) from ${pushSendZones} z where z.send_id = ${pushSends.id} and z.state = 'pending')`;

export async function getSend(db: Db, id: number) {
  const [row] = await db.select({ send: pushSends, nextAt: nextAtSql }).from(pushSends).where(eq(pushSends.id, id));
  if (!row) throw new AppError(404, 'push.sendNotFound');
  return toSendView({ ...row.send, nextAt: row.nextAt });
}

export async function listSends(
  db: Db,
  q: { state?: (typeof pushSendStates)[number]; cursor?: string; pageSize: number },
) {
  const page = await keysetPaginate(db, {
    from: pushSends,
    filters: [q.state ? eq(pushSends.state, q.state) : undefined],
    time: pushSends.createdAt,
    id: pushSends.id,
    cursor: q.cursor,
    pageSize: q.pageSize,
    select: (d: Db) => d.select({ send: pushSends, nextAt: nextAtSql }).from(pushSends).$dynamic(),
    keyOf: (r: { send: typeof pushSends.$inferSelect }) => ({ time: r.send.createdAt, id: r.send.id }),
  });
  return {
    list: page.rows.map((r) => toSendView({ ...r.send, nextAt: r.nextAt })),
    nextCursor: page.nextCursor,
  };
}

/** Cancel while scheduled or sending: zones not finished stop (a running batch's job sees it before its next batch). */
export async function cancelSend(db: Db, id: number, now: Date, locale: Locale) {
  // The send's zones are locked before the send, in the order a delivery batch and a zone's finish
  // lock them (its zone, then the send's counts): the other order could deadlock with a batch.
  await db
    .select({ zone: pushSendZones.zone })
    .from(pushSendZones)
    .where(eq(pushSendZones.sendId, id))
    .orderBy(pushSendZones.zone)
    .for('update');
  const [row] = await db.select().from(pushSends).where(eq(pushSends.id, id)).for('update');
  if (!row) throw new AppError(404, 'push.sendNotFound');
  if (row.state !== 'scheduled' && row.state !== 'sending')
    throw new AppError(409, 'push.notCancellable', {
      vars: { state: pushSendStateLabels[row.state][locale].toLowerCase() },
    });
  const before = await getSend(db, id);
  await db
    .update(pushSendZones)
    .set({ state: 'cancelled' })
    .where(and(eq(pushSendZones.sendId, id), inArray(pushSendZones.state, ['pending', 'started'])));
  // Messages not yet forwarded stay unsent (one in flight is recorded as FCM answers it).
  await db
    .update(pushOutbox)
    .set({ state: 'cancelled', nextAttemptAt: null })
    .where(and(eq(pushOutbox.sendId, id), eq(pushOutbox.state, 'pending')));
  await db.update(pushSends).set({ state: 'cancelled', cancelledAt: now }).where(eq(pushSends.id, id));
  return { before, after: await getSend(db, id) };
}

// ---------------------------------------------------------------------------------------------
// Delivery

/** `{name}` → the player's value (unknown names stay as written; the schemas refuse them first). */
function fill(text: string, values: Record<string, string>) {
  return text.replace(/\{([^{}\s]*)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * One committed batch of a zone's delivery: the next devices after the zone's cursor that the
 * audience selects, a message each into the outbox (unique per send and token: a repeated batch
 * writes nothing twice), the cursor and the send's counts moved in the same transaction. Answers
 * how many devices the batch read (fewer than the batch size: the zone is finished).
 *
 * With the outbox provider a written message is sent. With FCM it is pending (the forward job
 * sends it and counts it), iOS devices that registered their FCM token included, except a device
 * whose token is no FCM registration token (an iOS device's raw APNs token): FCM cannot reach it,
 * so it fails at once (`APNS_TOKEN`), its token kept.
 */
export async function deliverBatch(tx: Db, sendId: number, zone: string, now: Date, size = DELIVER_BATCH) {
  const [send] = await tx.select().from(pushSends).where(eq(pushSends.id, sendId));
  const [z] = await tx
    .select()
    .from(pushSendZones)
    .where(and(eq(pushSendZones.sendId, sendId), eq(pushSendZones.zone, zone)))
    .for('update');
  if (!send || !z || z.state !== 'started' || send.state === 'cancelled') return { read: 0, stopped: true };
  const devices = await tx
    .select({
      id: pushDevices.id,
      userId: pushDevices.userId,
      token: pushDevices.token,
      platform: pushDevices.platform,
      language: pushDevices.language,
      values: playerMessageValues(pushDevices.userId),
    })
    .from(pushDevices)
    .where(
      and(
        sql`${pushDevices.id} > ${z.cursor}`,
        zone === '' ? undefined : eq(pushDevices.timezone, zone),
        audienceSql(send.spec, now),
      ),
    )
    .orderBy(pushDevices.id)
    .limit(size);
  let written = 0;
  if (devices.length > 0) {
    const rows = devices.map((d) => {
      const v = d.values ?? {};
      const values: Record<(typeof pushVariables)[number], string> = {
        nickname: v.nickname ?? String(d.userId),
        userId: String(d.userId),
        level: v.level ?? '0',
        gems: v.gems ?? '0',
        coins: v.coins ?? '0',
        vipLevel: v.vipLevel ?? '0',
      };
      const title = pickText(send.message.title, d.language);
      const body = pickText(send.message.body, d.language);
      const state: 'sent' | 'pending' | 'failed' =
        send.provider === 'outbox' ? 'sent' : isFcmToken(d.token) ? 'pending' : 'failed';
      return {
        sendId,
        userId: d.userId,
        token: d.token,
        platform: d.platform,
        title: fill(title.text, values),
        body: fill(body.text, values),
        data: {
          sendId: String(sendId),
          ...(send.message.deepLink ? { deepLink: send.message.deepLink } : {}),
          ...(send.message.imageUrl ? { imageUrl: send.message.imageUrl } : {}),
        },
        createdAt: now,
        state,
        nextAttemptAt: state === 'pending' ? now : null,
        sentAt: state === 'sent' ? now : null,
        error: state === 'failed' ? 'APNS_TOKEN' : null,
      };
    });
    const inserted = await tx
      .insert(pushOutbox)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: pushOutbox.id, state: pushOutbox.state });
    written = inserted.length;
    await tx
      .update(pushSendZones)
      .set({ cursor: devices.at(-1)!.id })
      .where(and(eq(pushSendZones.sendId, sendId), eq(pushSendZones.zone, zone)));
    await tx
      .update(pushSends)
      .set({
        targeted: sql`${pushSends.targeted} + ${devices.length}`,
        sent: sql`${pushSends.sent} + ${inserted.filter((r) => r.state === 'sent').length}`,
        failed: sql`${pushSends.failed} + ${inserted.filter((r) => r.state === 'failed').length}`,
      })
      .where(eq(pushSends.id, sendId));
  }
  return { read: devices.length, written, stopped: false };
}

/**
 * The zone finished: counted on its send, which is finished with its last zone — at once with the
 * outbox provider, with FCM when no message waits any more (else the forward job finishes it).
 */
export async function finishZone(tx: Db, sendId: number, zone: string, now: Date) {
  const done = await tx
    .update(pushSendZones)
    .set({ state: 'done' })
    .where(and(eq(pushSendZones.sendId, sendId), eq(pushSendZones.zone, zone), eq(pushSendZones.state, 'started')))
    .returning({ zone: pushSendZones.zone });
  if (done.length === 0) return;
  // This statement locks the send; the settling reads after it (a forward run's last outcomes included).
  await tx
    .update(pushSends)
    .set({ zonesDone: sql`${pushSends.zonesDone} + 1` })
    .where(eq(pushSends.id, sendId));
  await settleSend(tx, sendId, now);
}

/** Wait `ms`, or less when the run is stopped (node's timer removes its abort listener when done). */
const sleep = (ms: number, signal: AbortSignal) =>
  ms <= 0 || signal.aborted ? Promise.resolve() : wait(ms, undefined, { signal }).catch(() => undefined);

/**
 * Deliver one zone of a send: batches of devices committed one by one (fenced: a run taken back
 * from a gone instance commits nothing more), paced to the send's rate, until the zone is read to
 * its end (then it is done, in the job's own completing transaction) or the send is cancelled.
 */
export const deliverJob = defineJob({
  name: 'push.deliver',
  payload: z.object({ sendId: z.number().int(), zone: z.string() }),
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  concurrency: 2,
  leaseSeconds: 10 * 60,
  singletonKey: (p) => `push:${p.sendId}:${p.zone}`,
  handler: async ({ db, payload, clock, step, transaction, signal }) => {
    const [send] = await db.select({ spec: pushSends.spec }).from(pushSends).where(eq(pushSends.id, payload.sendId));
    if (!send) return { delivered: 0 };
    const size = Math.min(DELIVER_BATCH, send.spec.ratePerSecond);
    let delivered = 0;
    for (;;) {
      const started = performance.now();
      const batch = await step((tx) => deliverBatch(tx, payload.sendId, payload.zone, clock.now(), size));
      if (batch.stopped) return { delivered, stopped: true };
      delivered += batch.written ?? 0;
      if (batch.read < size) break;
      // The rate: a batch of `size` every size/rate seconds at most.
      await sleep((size / send.spec.ratePerSecond) * 1000 - (performance.now() - started), signal);
    }
    await transaction((tx) => finishZone(tx, payload.sendId, payload.zone, clock.now()));
    return { delivered };
  },
});

/** Zones that are due: started, each with its delivery job enqueued in the same transaction. */
export async function startDueZones(
  db: Db,
  now: Date,
  enqueue: (tx: Db, sendId: number, zone: string) => Promise<unknown>,
  limit = 200,
) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ sendId: pushSendZones.sendId, zone: pushSendZones.zone })
      .from(pushSendZones)
      .where(and(eq(pushSendZones.state, 'pending'), sql`${pushSendZones.dueAt} <= ${now}`))
      .orderBy(pushSendZones.dueAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const z of due) {
      await tx
        .update(pushSendZones)
        .set({ state: 'started' })
        .where(and(eq(pushSendZones.sendId, z.sendId), eq(pushSendZones.zone, z.zone)));
      await tx
        .update(pushSends)
        .set({ state: 'sending' })
        .where(and(eq(pushSends.id, z.sendId), eq(pushSends.state, 'scheduled')));
      await enqueue(tx, z.sendId, z.zone);
    }
    return due.length;
  });
}
