import { priceLevelResource, purchaseItemResource } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { makeTestReceipt } from '../packages/server/src/modules/orders/validators/test-validator.js';
import {
  alternatingThroughput,
  answerJson,
  assertRight,
  BENCH_CONCURRENCY,
  benchGameApp,
  benchSeconds,
  log,
  onSeededPlayers,
  resultLine,
  saveBenchItems,
} from './harness.js';

/**
 * `bench purchase-deliver`: purchases per second verified (the test validator: HMAC, catalogue
 * checks) and delivered (order row, rewards through `apply_rewards`, purchase count, payer flag,
 * event) through the game API, over BENCH_PLAYERS (default 200,000) seeded players, against game
 * saves per second of the same sampled players in the same run, in alternating slices. The saves
 * carry each player's state as the game would hold it (the purchases' rewards added, the save
 * count the purchase answered), so none is refused as stale. Answers checked: every purchase
 * delivered once, the orders, purchase counts and gem totals agree. Target: ratio ≥ 0.5.
 */
export async function benchPurchaseDeliver(): Promise<string> {
  const count = Number(process.env.BENCH_PLAYERS ?? 200_000);
  const seconds = benchSeconds(5);
  return onSeededPlayers(count, async (database, ids) => {
    await saveBenchItems(database, priceLevelResource, [
      {
        name: 'bench_t1',
        tier: 'bench_t1',
        platform: 'ios',
        sku: 'com.bench.gems',
        prices: [{ currency: 'USD', amount: 0.99 }],
      },
    ]);
    await saveBenchItems(database, purchaseItemResource, [
      {
        id: 1,
        title: 'Bench gems',
        description: '',
        priceLevel: 'bench_t1',
        isIAP: true,
        isGiftPack: false,
        consumingType: 'consumable',
        rewards: [{ kind: 'gem', amount: 10 }],
        repurchaseLimit: 0,
        minLevel: 0,
        maxLevel: null,
        conditions: [],
      },
    ]);
    await database.db.execute(sql`vacuum analyze players, player_events`);
    await database.db.execute(sql`checkpoint`);
    const game = await benchGameApp(database, ids);
    try {
      // The game's copy of each sampled player: state, save count, session.
      const held = new Map<number, { state: any; saveCount: number; sessionEpoch: number }>();
      for (const id of ids) {
        const res = await game.app.inject({ method: 'GET', url: `/api/game/v1/players/${id}`, headers: game.headers });
        assertRight(res.statusCode === 200, `read ${id}: ${res.statusCode}`);
        const { state, saveCount, sessionEpoch } = answerJson(res).data;
        held.set(id, { state, saveCount, sessionEpoch });
      }
      const busy = new Set<number>();
      const send = async (method: 'PUT' | 'POST', url: string, body: unknown) =>
        game.app.inject({
          method,
          url,
          headers: { ...game.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      let saves = 0;
      const save = async (i: number) => {
        const id = game.pick(i);
        if (busy.has(id)) return;
        busy.add(id);
        try {
          const h = held.get(id)!;
          const res = await send('PUT', `/api/game/v1/players/${id}/save`, {
            saveCount: h.saveCount + 1,
            state: h.state,
            sessionEpoch: h.sessionEpoch,
          });
          assertRight(res.statusCode === 200, `save ${id}: ${res.statusCode} ${res.body}`);
          h.saveCount = answerJson(res).data.saveCount;
          saves += 1;
        } finally {
          busy.delete(id);
        }
      };
      let purchases = 0;
      let gemsGranted = 0;
      const buy = async (i: number) => {
        const id = game.pick(i);
        if (busy.has(id)) return;
        busy.add(id);
        try {
          const n = purchases++;
          const res = await send('POST', `/api/game/v1/players/${id}/purchases`, {
            platform: 'test',
            productId: '1',
            receipt: makeTestReceipt({
              transactionId: `bench-${n}`,
              sku: 'com.bench.gems',
              price: '0.99',
              currency: 'USD',
              purchasedAt: new Date().toISOString(),
              userId: id,
            }),
          });
          assertRight(res.statusCode === 200, `purchase ${id}: ${res.statusCode} ${res.body}`);
          const answer = answerJson(res).data;
          assertRight(answer.state === 'delivered' && !answer.duplicate, `purchase ${id}: ${answer.state}`);
          const h = held.get(id)!;
          for (const r of answer.rewards as { kind: string; amount: number }[]) {
            h.state.resources[r.kind] = (h.state.resources[r.kind] ?? 0) + r.amount;
            gemsGranted += r.amount;
          }
          h.saveCount = answer.saveCount;
        } finally {
          busy.delete(id);
        }
      };
      log(`game saves and purchases over ${ids.length} sampled players of ${count}, alternating for ${seconds} s each`);
      const measured = await alternatingThroughput(save, buy, seconds, BENCH_CONCURRENCY);
      const counted = (await database.db.execute(
        sql`select (select count(*)::int from orders where delivery_state = 'delivered') as orders,
                   (select coalesce(sum(count), 0)::int from store_purchase_counts) as counted,
                   (select coalesce(sum((r->>'amount')::int), 0)::int from orders, jsonb_array_elements(rewards) r) as gems`,
      )) as unknown as { rows: { orders: number; counted: number; gems: number }[] };
      const c = counted.rows[0];
      assertRight(
        c.orders === purchases && c.counted === purchases && c.gems === gemsGranted,
        `orders ${c.orders}, counted ${c.counted}, gems ${c.gems}; purchases ${purchases}, gems answered ${gemsGranted}`,
      );
      return resultLine(
        'purchase-deliver',
        `${Math.round(measured.subject)} verified-and-delivered purchases/s (${purchases} in all, ${saves} saves; ${database.kind}, ${count} players, ${BENCH_CONCURRENCY} workers; median of ${measured.slices} alternating slices)`,
        measured.ratio,
        `game saves ${Math.round(measured.baseline)}/s on the same players`,
      );
    } finally {
      await game.app.close();
    }
  });
}
