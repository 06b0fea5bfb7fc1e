import type { FastifyInstance } from 'fastify';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Run `job` every `intervalMs` (hourly by default) off the request path, until the app closes.
 * The first run waits one interval, so tests and short runs never see it; a failure is logged
 * and the next run tries again. Every instance runs its own: jobs must be idempotent deletes.
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  name: string,
  job: () => Promise<unknown>,
  intervalMs = HOUR_MS,
): void {
  const timer = setInterval(() => {
    job().catch((err: unknown) => app.log.warn({ err }, `${name} housekeeping failed`));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Delete in batches until a batch comes back short: `deleteBatch(limit)` removes at most `limit`
 * rows in one statement and says how many. Many short statements instead of one long one, so a
 * prune never holds locks or a transaction across the whole backlog. Returns the rows removed.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<number>, limit = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await deleteBatch(limit);
    total += removed;
    if (removed < limit) return total;
  }
}
