import { type ConditionRule, compileConditions } from '@rookery/contracts';
import { asc, gt } from 'drizzle-orm';
import { attributeColumns, playerAttributes } from '../packages/server/src/modules/players/service.js';
import { players } from '../packages/server/src/modules/players/tables.js';
import type { Db } from '../packages/server/src/platform/db/client.js';

/**
 * The players each condition set selects, counted by the game's engine (contracts) over every
 * player's attributes, read in pages: the answer a benchmark's SQL or cache must agree with.
 */
export async function engineCounts(db: Db, sets: readonly ConditionRule[][], now: Date): Promise<number[]> {
  const checks = sets.map((rules) => compileConditions(rules));
  const counts = sets.map(() => 0);
  let after = 0;
  for (;;) {
    const page = await db
      .select({ id: players.id, ...attributeColumns })
      .from(players)
      .where(gt(players.id, after))
      .orderBy(asc(players.id))
      .limit(20_000);
    if (page.length === 0) return counts;
    for (const row of page) {
      const attrs = playerAttributes(row as Parameters<typeof playerAttributes>[0], now);
      checks.forEach((matches, i) => {
        if (matches(attrs, now.getTime())) counts[i] += 1;
      });
    }
    after = page[page.length - 1].id;
  }
}
