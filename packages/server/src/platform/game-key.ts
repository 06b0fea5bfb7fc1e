import { eq } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { serverSettings } from './db/tables.js';
import { sha256 } from './security/tokens.js';

/**
 * The game API key. ROOKERY_GAME_KEY wins; otherwise one is generated on first start, its hash
 * kept, and the key returned once so it can be printed. Only the hash is ever stored.
 */
export async function ensureGameKey(
  db: Db,
  fromEnv: string | undefined,
  generate: () => string,
  now: Date,
): Promise<{ keyHash: string; key?: string; generated: boolean }> {
  if (fromEnv) return { keyHash: sha256(fromEnv), generated: false };
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, 'gameKeyHash'));
  if (row) return { keyHash: row.value as string, generated: false };
  const key = generate();
  const keyHash = sha256(key);
  await db.insert(serverSettings).values({ key: 'gameKeyHash', value: keyHash, updatedAt: now }).onConflictDoNothing();
  return { keyHash, key, generated: true };
}
