import type { PushDevice, pushTokenBodySchema } from '@rookery/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { resourceItems } from '../../platform/resources/tables.js';
import { getPlayer } from '../players/service.js';
import { pushDevices, pushTopicSubscriptions } from './tables.js';

type TokenBody = z.infer<typeof pushTokenBodySchema>;

/**
 * Register a device: a new token is added, a token this player had is refreshed, a token another
 * player had moves to this one (one statement: the unique token decides).
 */
export async function registerToken(db: Db, userId: number, body: TokenBody, now: Date) {
  await getPlayer(db, userId);
  const [before] = await db
    .select({ userId: pushDevices.userId })
    .from(pushDevices)
    .where(eq(pushDevices.token, body.token))
    .for('update');
  const values = {
    userId,
    platform: body.platform,
    language: body.language,
    timezone: body.timezone,
    appVersion: body.appVersion,
    lastSeenAt: now,
  };
  await db
    .insert(pushDevices)
    .values({ token: body.token, registeredAt: now, ...values })
    .onConflictDoUpdate({
      target: pushDevices.token,
      set: {
        ...values,
        // A token that changes hands is a new registration of the new player.
        registeredAt: sql`case when ${pushDevices.userId} = ${userId} then ${pushDevices.registeredAt} else excluded.registered_at end`,
      },
    });
  const [{ n }] = await db.select({ n: count() }).from(pushDevices).where(eq(pushDevices.userId, userId));
  return { registered: !before, moved: before !== undefined && before.userId !== userId, devices: n };
}

/** Forget a token on sign-out, only if it is this player's (another player's token stays). */
export async function removeToken(db: Db, userId: number, token: string) {
  await getPlayer(db, userId);
  const removed = await db
    .delete(pushDevices)
    .where(and(eq(pushDevices.token, token), eq(pushDevices.userId, userId)))
    .returning({ id: pushDevices.id });
  return { removed: removed.length > 0 };
}

/** The keys among these that are topics one may subscribe to now (existing and enabled). */
async function enabledTopics(db: Db, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .select({ key: resourceItems.key, document: resourceItems.document })
    .from(resourceItems)
    .where(and(eq(resourceItems.kind, 'pushTopic'), inArray(resourceItems.key, keys)));
  return new Set(rows.filter((r) => r.document.enabled !== false).map((r) => r.key));
}

/**
 * Subscribe and unsubscribe: topics to subscribe must exist and be enabled (else 400 naming them,
 * nothing written); unsubscribing from a topic that is gone or disabled is allowed.
 */
export async function updateTopics(
  db: Db,
  userId: number,
  body: { subscribe: string[]; unsubscribe: string[] },
  now: Date,
) {
  await getPlayer(db, userId);
  const subscribe = [...new Set(body.subscribe)];
  const known = await enabledTopics(db, subscribe);
  const unknown = subscribe.filter((k) => !known.has(k));
  if (unknown.length > 0)
    throw new AppError(400, 'push.unknownTopics', {
      vars: { names: unknown.join(', ') },
      fields: [{ field: 'subscribe', message: 'push.unknownTopics' }],
    });
  const unsubscribe = [...new Set(body.unsubscribe)].filter((k) => !subscribe.includes(k));
  if (unsubscribe.length > 0)
    await db
      .delete(pushTopicSubscriptions)
      .where(and(eq(pushTopicSubscriptions.userId, userId), inArray(pushTopicSubscriptions.topic, unsubscribe)));
  if (subscribe.length > 0)
    await db
      .insert(pushTopicSubscriptions)
      .values(subscribe.map((topic) => ({ topic, userId, subscribedAt: now })))
      .onConflictDoNothing();
  return { topics: await topicsOf(db, userId) };
}

export async function topicsOf(db: Db, userId: number) {
  const rows = await db
    .select({ topic: pushTopicSubscriptions.topic })
    .from(pushTopicSubscriptions)
    .where(eq(pushTopicSubscriptions.userId, userId))
    .orderBy(asc(pushTopicSubscriptions.topic));
  return rows.map((r) => r.topic);
}

/** Subscribers per topic. */
export async function subscriberCounts(db: Db) {
  const rows = await db
    .select({ topic: pushTopicSubscriptions.topic, n: count() })
    .from(pushTopicSubscriptions)
    .groupBy(pushTopicSubscriptions.topic);
  return new Map(rows.map((r) => [r.topic, Number(r.n)]));
}

/** A token shown to operators: its ends only. */
const hint = (token: string) => `${token.slice(0, 6)}…${token.slice(-4)}`;

export async function playerPush(db: Db, userId: number): Promise<{ devices: PushDevice[]; topics: string[] }> {
  await getPlayer(db, userId);
  const rows = await db
    .select()
    .from(pushDevices)
    .where(eq(pushDevices.userId, userId))
    .orderBy(sql`${pushDevices.lastSeenAt} desc`, asc(pushDevices.id));
  return {
    devices: rows.map((d) => ({
      platform: d.platform,
      language: d.language,
      timezone: d.timezone,
      appVersion: d.appVersion,
      tokenHint: hint(d.token),
      registeredAt: d.registeredAt.toISOString(),
      lastSeenAt: d.lastSeenAt.toISOString(),
    })),
    topics: await topicsOf(db, userId),
  };
}

/** A deleted topic takes its subscriptions with it (in the delete's transaction). */
export async function dropTopic(db: Db, topic: string) {
  await db.delete(pushTopicSubscriptions).where(eq(pushTopicSubscriptions.topic, topic));
}
