import { expect, it } from 'vitest';
import { createTestContext } from '../../test/harness.js';
import { notifyChange } from './client.js';

it('delivers a change notice only when the notifying transaction commits', async () => {
  const ctx = await createTestContext();
  try {
    const seen: string[] = [];
    await ctx.database.listen('test_changes', (p) => seen.push(p));
    await ctx.database.db
      .transaction(async (tx) => {
        await notifyChange(tx, 'test_changes', 'rolled-back');
        throw new Error('roll back');
      })
      .catch(() => {});
    await ctx.database.db.transaction(async (tx) => {
      await notifyChange(tx, 'test_changes', 'committed');
    });
    await expect.poll(() => seen, { timeout: 15_000 }).toEqual(['committed']);
  } finally {
    await ctx.close();
  }
});
