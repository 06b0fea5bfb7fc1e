import { pushPlatforms } from '@rookery/contracts';
import { bigint, bigserial, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

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
