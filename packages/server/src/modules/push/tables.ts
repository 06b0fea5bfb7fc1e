import { type PushSendBody, pushPlatforms, pushSendStates } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/** Where a send's messages go: the outbox only (the default), or the outbox and FCM. */
export const pushProviders = ['outbox', 'fcm'] as const;
export type PushProvider = (typeof pushProviders)[number];

/**
 * A message's state in the outbox. With the outbox provider a written message is `sent`. With FCM
 * it is `pending` until FCM accepts it (`sent`), refuses its token (`invalid`: the device is
 * pruned), or it fails (`failed`: refused, or retried up to the limit); `cancelled` when its send
 * was cancelled before it went.
 */
export const pushOutboxStates = ['pending', 'sent', 'failed', 'invalid', 'cancelled'] as const;

/**
 * A player's device for push: one row per token (unique: a token belongs to the last player who
 * registered it). A send fans out over these by player (`user_id`), by topic (joined through
 * `push_topic_subscriptions` on `user_id`), by language and by time zone (a local-time send walks
 * the time zones, each zone's tokens by the `(timezone, id)` index).
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    token: text().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    platform: text({ enum: pushPlatforms }).notNull(),
    language: text().notNull(),
    timezone: text().notNull(),
    appVersion: text().notNull(),
    registeredAt: at().notNull(),
    lastSeenAt: at().notNull(),
  },
  (t) => [
    uniqueIndex('push_devices_token_idx').on(t.token),
    index('push_devices_user_idx').on(t.userId),
    index('push_devices_timezone_idx').on(t.timezone, t.id),
  ],
);

/** A player's subscription to a topic (a `pushTopic` resource's key); by topic, then player. */
export const pushTopicSubscriptions = pgTable(
  'push_topic_subscriptions',
  {
    topic: text().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    subscribedAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.topic, t.userId] }), index('push_topic_subscriptions_user_idx').on(t.userId)],
);

/** A send's message per language (`zh-CN`, `en-US`), variables still as `{name}`. */
export interface PushMessageTexts {
  title: Record<string, string>;
  body: Record<string, string>;
  deepLink: string;
  imageUrl: string;
}

/**
 * A push send: whom, what, when (docs/decisions/2026-11-28-push-sends.md). Its delivery is planned
 * as one row per time zone (`push_send_zones`) when it is made; the counts add up what the zones'
 * jobs delivered.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** A test send (to listed players, at once) before the real one. */
    test: boolean().notNull().default(false),
    /** The send's body as made (audience, content, timing, quiet hours, rate). */
    spec: jsonb().$type<PushSendBody>().notNull(),
    /** The message per language, resolved from the template or the free text when the send was made. */
    message: jsonb().$type<PushMessageTexts>().notNull(),
    state: text({ enum: pushSendStates }).notNull(),
    /** Where its messages went (the setting when it was made): `outbox` records them, `fcm` also forwards them. */
    provider: text({ enum: pushProviders }).notNull().default('outbox'),
    zones: integer().notNull().default(0),
    zonesDone: integer().notNull().default(0),
    lateZones: integer().notNull().default(0),
    targeted: integer().notNull().default(0),
    sent: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    invalidTokens: integer().notNull().default(0),
    createdBy: text().notNull(),
    createdAt: at().notNull(),
    finishedAt: at(),
    cancelledAt: at(),
    error: text(),
  },
  (t) => [index('push_sends_created_idx').on(t.createdAt, t.id)],
);

/**
 * One time zone of a send (`zone` '' = every zone at once): when it is due, whether it has started,
 * and how far its job got (`cursor`: the last device ID delivered, so a retried or taken-over run
 * carries on after it).
 */
export const pushSendZones = pgTable(
  'push_send_zones',
  {
    sendId: integer().notNull(),
    zone: text().notNull(),
    dueAt: at().notNull(),
    /** pending → started → done (or cancelled). */
    state: text({ enum: ['pending', 'started', 'done', 'cancelled'] }).notNull(),
    cursor: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.zone] }), index('push_send_zones_due_idx').on(t.state, t.dueAt)],
);

/**
 * Every message of a send, one row per send and token (unique: a retried batch writes nothing
 * twice): the record (tests and the developer tools read it), and with FCM the work list of the
 * `push.forward` job (docs/decisions/2026-11-29-push-fcm.md): a pending row is claimed (`claim`,
 * until `claimed_until`) by one run at a time, and retried at `next_attempt_at`.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    sendId: integer().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    token: text().notNull(),
    platform: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    data: jsonb().$type<Record<string, string>>().notNull(),
    createdAt: at().notNull(),
    state: text({ enum: pushOutboxStates }).notNull().default('sent'),
    /** Requests made to the provider (FCM) for it. */
    attempts: integer().notNull().default(0),
    /** A pending row is due from then (its first attempt: when written; a retry: after the backoff or Retry-After). */
    nextAttemptAt: at(),
    /** The run forwarding it now (a random ID), and until when that claim holds. */
    claim: text(),
    claimedUntil: at(),
    /** When the provider accepted it, and the provider's ID for it (FCM: `projects/…/messages/…`). */
    sentAt: at(),
    providerId: text(),
    /** Why it failed, was found invalid, or waits for a retry: FCM's error code (never a secret). */
    error: text(),
  },
  (t) => [
    uniqueIndex('push_outbox_send_token_idx').on(t.sendId, t.token),
    index('push_outbox_user_idx').on(t.userId),
    // The forwarding work list: a send's due rows, and the sends that have any (the dispatch sweep).
    index('push_outbox_pending_idx').on(t.sendId, t.nextAttemptAt).where(sql`state = 'pending'`),
  ],
);
