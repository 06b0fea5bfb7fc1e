import { createHash } from 'node:crypto';
import {
  type CompiledConfig,
  type ConfigField,
  type ConfigOverride,
  compileRemoteConfig,
  configOverrideResource,
  configResource,
  type PlayerAttributes,
} from '@rookery/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { LiveSnapshot } from '../../platform/live-snapshot.js';
import { resourceItems } from '../../platform/resources/tables.js';
import { players } from '../players/tables.js';

/** The change channels the compiled config follows: fields and overrides. */
export const configChannels = [configResource.channel, configOverrideResource.channel];

/**
 * Compile every config field and tester override once per change. The version names the saved
 * set (each item's kind, key and version, hashed), so every instance on the same database gives
 * the same version, and any publish, restore or delete gives a new one.
 */
export async function compileConfig(db: Db): Promise<CompiledConfig> {
  const rows = await db
    .select({
      kind: resourceItems.kind,
      key: resourceItems.key,
      version: resourceItems.version,
      document: resourceItems.document,
    })
    .from(resourceItems)
    .where(inArray(resourceItems.kind, [configResource.name, configOverrideResource.name]))
    .orderBy(resourceItems.kind, resourceItems.key);
  const hash = createHash('sha256');
  const fields: ConfigField[] = [];
  const overrides: ConfigOverride[] = [];
  for (const row of rows) {
    hash.update(`${row.kind}\u0000${row.key}\u0000${row.version}\u0000`);
    if (row.kind === configResource.name) fields.push(row.document as ConfigField);
    else overrides.push(row.document as ConfigOverride);
  }
  return compileRemoteConfig({ fields, overrides, version: hash.digest('base64url').slice(0, 16) });
}

export const newConfigSnapshot = () => new LiveSnapshot(compileConfig);

/** The player columns conditions read: one primary-key read of a few columns, no game state. */
const attributeColumns = {
  os: players.os,
  appVersion: players.appVersion,
  language: players.language,
  country: players.country,
  lastLoginAt: players.lastLoginAt,
  isPayer: players.isPayer,
  habitatCount: players.habitatCount,
};

/** The player's condition attributes (last login's os, version, language, country; payer; habitats), or undefined. */
export async function readPlayerAttributes(db: Db, userId: number): Promise<PlayerAttributes | undefined> {
  const [row] = await db.select(attributeColumns).from(players).where(eq(players.id, userId));
  if (!row) return undefined;
  return {
    os: row.os,
    appVersion: row.appVersion,
    appLanguage: row.language,
    country: row.country,
    // notLoginDays follows from the last login and the service clock at evaluation.
    lastLogin: row.lastLoginAt,
    userType: row.isPayer ? 'payment' : 'normal',
    habitatCount: row.habitatCount,
  };
}
