import { randomBytes } from 'node:crypto';
import { GIFT_CODE_ALPHABET, giftCodeCheckChar, UNIQUE_CODE_LENGTH } from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs/define.js';
import { giftCodeBatches, giftCodes } from './tables.js';

/** Codes written per statement (and per committed step of the job). */
export const GENERATE_CHUNK = 10_000;

/**
 * `n` fresh codes from the operating system's CSPRNG: 11 symbols of 5 bits each (a byte masked to
 * 5 bits is uniform over the 32 symbols, as 256 is a multiple of 32) and the check symbol.
 */
export function randomCodes(n: number): string[] {
  const body = UNIQUE_CODE_LENGTH - 1;
  const bytes = randomBytes(n * body);
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    let s = '';
    for (let j = 0; j < body; j++) s += GIFT_CODE_ALPHABET[bytes[i * body + j] & 31];
    out[i] = s + giftCodeCheckChar(s);
  }
  return out;
}

/**
 * Write the batch's missing codes in steps: each step inserts a chunk (a collision with any
 * existing code is skipped and made up by the next step) and moves `generated` in the same
 * transaction, so a retried or taken-over run carries on where the last step committed. In the
 * job, `step` is the run's fenced step: a run taken back from a gone instance commits no further
 * chunk, so two runs never both add codes (the batch would pass its count).
 */
export async function generateCodes(
  db: Db,
  batchId: number,
  progress: (done: number, total: number) => Promise<void> = async () => {},
  step: <T>(fn: (tx: Db) => Promise<T>) => Promise<T> = (fn) => db.transaction(fn),
) {
  const b = giftCodeBatches;
  for (;;) {
    const [batch] = await db.select({ total: b.totalLimit, generated: b.generated }).from(b).where(eq(b.id, batchId));
    if (!batch) return { generated: 0 };
    await progress(batch.generated, batch.total);
    const missing = batch.total - batch.generated;
    if (missing <= 0) return { generated: batch.generated };
    const codes = randomCodes(Math.min(GENERATE_CHUNK, missing));
    await step(async (tx) => {
      const r = (await tx.execute(sql`with i as (
          insert into ${giftCodes} (code, batch_id)
          select c, ${batchId}::int from unnest(string_to_array(${codes.join(',')}, ',')) as c
          on conflict do nothing returning 1)
        select count(*)::int as n from i`)) as unknown as { rows: { n: number }[] };
      await tx
        .update(b)
        .set({ generated: sql`${b.generated} + ${Number(r.rows[0].n)}` })
        .where(eq(b.id, batchId));
    });
  }
}

export const generateCodesJob = defineJob({
  name: 'giftCodes.generate',
  payload: z.object({ batchId: z.number().int() }),
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  concurrency: 1,
  leaseSeconds: 30 * 60,
  // The batch's screen asks for a pending job by this key (area.ts `batchKey`).
  singletonKey: (p) => `batch:${p.batchId}`,
  handler: ({ db, payload, progress, step }) => generateCodes(db, payload.batchId, progress, step),
});
