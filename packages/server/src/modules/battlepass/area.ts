import {
  auditTarget,
  type BattlePassSeasonBody,
  battlePassEndpoints,
  battlePassGameEndpoints,
  type Locale,
} from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineArea, type ModuleDeps } from '../../module.js';
import type { Db } from '../../platform/db/client.js';
import { onGameEvents } from '../../platform/game-events.js';
import { ownTransactions, registerEndpoints } from '../../platform/http/endpoints.js';
import { sendCached } from '../../platform/http/etag.js';
import { defineJob } from '../../platform/jobs/define.js';
import { registerProductDelivery } from '../orders/delivery.js';
import { checkRewardsAllowed } from '../players/service.js';
import {
  claimQueue,
  createSeason,
  gameView,
  getSeasonRow,
  grantXp,
  listSeasons,
  mailSeasonEnd,
  playerProgress,
  resetProgress,
  seasonsToMail,
  toSeason,
  unlockPremium,
  updateSeason,
  xpFromEvents,
} from './service.js';
import * as tables from './tables.js';
import { battlePassSeasons } from './tables.js';

/**
 * The season-end mail: every few minutes, each ended season flagged for it and not mailed yet,
 * one season per transaction (marked in it: a second run or instance sends nothing).
 */
export const seasonEndJob = defineJob({
  name: 'battlePass.seasonEnd',
  payload: z.object({}),
  schedule: { cron: '*/5 * * * *' },
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  concurrency: 1,
  leaseSeconds: 30 * 60,
  handler: async ({ db, clock, step }) => {
    const now = clock.now();
    let mailed = 0;
    for (const id of await seasonsToMail(db, now)) mailed += (await step((tx) => mailSeasonEnd(tx, id, now))) ?? 0;
    return { mailed };
  },
});

function register({ app, database, gameKeyHash, clock }: ModuleDeps) {
  const deps = { db: database.db, gameKeyHash };
  /** Every level's rewards are items the game may grant (the same check as mail and gift codes). */
  const checkRewards = async (db: Db, body: BattlePassSeasonBody, locale: Locale) => {
    for (const [i, l] of body.levels.entries()) {
      await checkRewardsAllowed(db, l.free, `levels.${i}.free`, locale);
      await checkRewardsAllowed(db, l.premium, `levels.${i}.premium`, locale);
    }
  };

  registerEndpoints(app, deps, battlePassEndpoints, {
    listBattlePassSeasons: async ({ db }) => {
      const now = clock.now();
      return { list: (await listSeasons(db)).map((r) => toSeason(r, now)) };
    },
    getBattlePassSeason: async ({ db, params }) => toSeason(await getSeasonRow(db, params.id), clock.now()),
    createBattlePassSeason: async ({ db, body, audit, locale }) => {
      const now = clock.now();
      await checkRewards(db, body, locale);
      const after = toSeason(await createSeason(db, body, now), now);
      audit({ target: auditTarget('battlePassSeason', after.id), after });
      return after;
    },
    updateBattlePassSeason: async ({ db, params, body, audit, locale }) => {
      const now = clock.now();
      await checkRewards(db, body, locale);
      const { before, after } = await updateSeason(db, params.id, body, now);
      const shown = toSeason(after, now);
      audit({ target: auditTarget('battlePassSeason', after.id), before: toSeason(before, now), after: shown });
      return shown;
    },
    getPlayerBattlePass: async ({ db, params }) => ({ list: await playerProgress(db, params.userId, clock.now()) }),
    grantBattlePassXp: async ({ db, params, body, audit }) => {
      const { before, after } = await grantXp(db, params.userId, body.seasonId, body.xp, clock.now());
      audit({
        target: auditTarget('battlePassProgress', params.userId),
        before,
        after: { ...after, granted: body.xp },
      });
      return after;
    },
    resetBattlePassProgress: async ({ db, params, body, audit }) => {
      const { before, after } = await resetProgress(db, params.userId, body.seasonId, clock.now());
      audit({ target: auditTarget('battlePassProgress', params.userId), before, after });
      return after;
    },
  });

  const claims = claimQueue(database.db, database.kind, () => clock.now());
  registerEndpoints(app, deps, battlePassGameEndpoints, {
    gameGetBattlePass: async ({ db, params, query, req, reply }) => {
      const data = await gameView(db, params.userId, query.pass, clock.now());
      return sendCached(req, reply, JSON.stringify({ code: 200, data, msg: 'ok' }));
    },
    gameClaimBattlePass: ownTransactions(({ params, body }) =>
      claims.submit({ userId: params.userId, pass: body.pass, level: body.level, track: body.track }),
    ),
  });

  onGameEvents('battlePass', xpFromEvents);
  registerProductDelivery('battlePass', {
    // Only a product some season sells as its premium track (the step checks the season runs).
    delivers: (order) =>
      sql`exists (select 1 from ${battlePassSeasons} where ${battlePassSeasons.premiumProductId}::text = ${order.productId})`,
    onDeliver: async (db, { userId, productId, orderId, now }) => {
      await unlockPremium(db, userId, productId, orderId, now);
      return undefined;
    },
  });
}

export const battlePassArea = defineArea({
  name: 'battlepass',
  needs: ['players', 'mail', 'orders', 'store'],
  tables,
  jobs: [seasonEndJob],
  register,
});
