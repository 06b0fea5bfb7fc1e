import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { LiveMailBook } from './live-mails.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  ]);

it('a transaction never waits on a book load queued behind it on the base connection', async () => {
  const book = new LiveMailBook();
  const db = ctx.database.db;
  let baseLoad: Promise<unknown> | undefined;
  const inTransaction = db.transaction(async (tx) => {
    // A mailbox fetch outside the transaction starts loading the book; on PGlite its query waits
    // for this transaction to end.
    baseLoad = book.live(db, 'global');
    // The claim inside the transaction must load through its own connection, not wait for that.
    return within(book.live(tx, 'global'), 5000);
  });
  await expect(within(inTransaction, 10_000)).resolves.toEqual([]);
  await expect(within(baseLoad!, 10_000)).resolves.toEqual([]);
});
