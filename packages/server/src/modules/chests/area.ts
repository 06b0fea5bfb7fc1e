import {
  auditTarget,
  type ChestKind,
  chestEndpoints,
  chestGameEndpoints,
  chestKinds,
  seededRandomBelow,
  simulateChest,
} from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { ownTransactions, registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { sendCached } from '../../platform/http/etag.js';
import { checkRewardsAllowed } from '../players/service.js';
import {
  chestOpenQueue,
  chestViewOf,
  gameChests,
  playerChests,
  resetPity,
  saveTable,
  tableOf,
  tableRows,
} from './service.js';
import * as tables from './tables.js';

/** Chests (issue 43 item 3): drop tables, the game's disclosure and opens, the seeded simulation, pity. */
function register({ app, database, gameKeyHash, clock }: ModuleDeps) {
  const deps = { db: database.db, gameKeyHash };
  const opens = chestOpenQueue(database.db, database.kind, () => clock.now());

  registerEndpoints(app, deps, chestEndpoints, {
    listChestTables: async ({ db }) => {
      const rows = await tableRows(db);
      return { list: chestKinds.map((kind) => chestViewOf(kind, rows.get(kind))) };
    },
    saveChestTable: async ({ db, params, body, session, audit, locale }) => {
      await checkRewardsAllowed(
        db,
        body.entries.map((e) => e.reward),
        'entries',
        locale,
      );
      await checkRewardsAllowed(db, body.guaranteed, 'guaranteed', locale);
      const { before, after } = await saveTable(db, params.kind, body, session!.username, clock.now());
      audit({ target: auditTarget('chestTable', params.kind), before, after });
      return after;
    },
    simulateChest: async ({ db, params, body }) => {
      const table = await tableOf(db, params.kind);
      if (!table) throw new AppError(409, 'chest.notConfigured');
      const result = simulateChest(table, body.opens, seededRandomBelow(body.seed));
      return { kind: params.kind, seed: body.seed, ...result };
    },
    getPlayerChests: async ({ db, params }) => {
      const mine = await playerChests(db, params.userId);
      if (!mine) throw notFound('player.notFound');
      const rows = await tableRows(db);
      return {
        list: mine.map((c) => {
          const table = rows.get(c.kind)?.drops;
          const hasPity = table && table.pityEntry !== null && table.pityWithin !== null;
          return {
            ...c,
            pityWithin: hasPity ? table.pityWithin : null,
            pityReward: hasPity ? table.entries[table.pityEntry as number].reward : null,
          };
        }),
      };
    },
    resetChestPity: async ({ db, params, body, audit }) => {
      const { before, after, reset } = await resetPity(db, params.userId, body.kind as ChestKind | undefined);
      audit({
        target: auditTarget('player', params.userId),
        before,
        after: { kind: body.kind ?? null, counters: after },
      });
      return { reset };
    },
  });

  registerEndpoints(app, deps, chestGameEndpoints, {
    gameGetChests: async ({ db, params, req, reply }) =>
      sendCached(req, reply, JSON.stringify(await gameChests(db, params.userId))),
    gameOpenChest: ownTransactions(({ params }) => opens.submit({ userId: params.userId, kind: params.kind })),
  });
}

export const chestsArea = defineArea({
  name: 'chests',
  needs: ['players'],
  tables,
  register,
});
