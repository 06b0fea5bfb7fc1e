import {
  audienceEndpoints,
  type Locale,
  ledgerEndpoints,
  playerEndpoints,
  playerGameEndpoints,
} from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import type { Db } from '../../platform/db/client.js';
import { housekeepingJob } from '../../platform/housekeeping.js';
import { type RequestContext, registerEndpoints } from '../../platform/http/endpoints.js';
import * as actions from './actions.js';
import { countAudience } from './audience.js';
import { playerGameHandlers } from './game-handlers.js';
import { pruneRoutineEvents } from './housekeeping.js';
import {
  ensureLedgerMonths,
  installLedgerMetrics,
  ledgerCheckJob,
  ledgerPartitionsJob,
  listPlayerLedger,
} from './ledger.js';
import * as queries from './queries.js';
import { getPlayer, type PlayerRow } from './service.js';
import * as tables from './tables.js';
import { type DeviceView, loadPlayerDetail, playerDevicesView, toPlayerDetail, toPlayerSummary } from './views.js';

/** Console handlers for player support and moderation; the game’s player calls are in game-handlers.ts. */

const actionContext = (ctx: RequestContext<any>): actions.ActionContext => ({
  db: ctx.db,
  actor: ctx.session!.username,
  audit: ctx.audit,
  locale: ctx.locale,
  now: ctx.now,
});

/** The player page's shape of a row a console action returned. */
const detail = (ctx: RequestContext<any>, row: PlayerRow) => loadPlayerDetail(ctx.db, row, ctx.locale, ctx.now);

const summaries = (rows: PlayerRow[], now: Date) => ({ players: rows.map((r) => toPlayerSummary(r, now)) });

type Side = { before: PlayerRow; after: PlayerRow };

/** Both accounts, before and after, as details: the copy and migrate screens show them side by side. */
async function sideBySide(db: Db, sides: { from: Side; to: Side }, locale: Locale, now: Date) {
  const devices = new Map<number, DeviceView[]>();
  for (const id of [sides.from.before.id, sides.to.before.id]) devices.set(id, await playerDevicesView(db, id, now));
  const view = (s: Side) => ({
    before: toPlayerDetail(s.before, devices.get(s.before.id)!, locale, now),
    after: toPlayerDetail(s.after, devices.get(s.after.id)!, locale, now),
  });
  return { from: view(sides.from), to: view(sides.to) };
}

async function transferPreview(
  db: Db,
  kind: actions.TransferKind,
  q: { fromUserId: number; toUserId: number },
  locale: Locale,
  now: Date,
) {
  const from = await getPlayer(db, q.fromUserId);
  const to = await getPlayer(db, q.toUserId);
  const outcome = actions.transferOutcome(kind, from, to);
  return sideBySide(
    db,
    {
      from: { before: from, after: { ...from, ...outcome.from } as PlayerRow },
      to: { before: to, after: { ...to, ...outcome.to } as PlayerRow },
    },
    locale,
    now,
  );
}

async function transferDone(
  ctx: RequestContext<typeof playerEndpoints.copyAccount | typeof playerEndpoints.migrateAccount>,
  kind: actions.TransferKind,
) {
  const { fromUserId, toUserId, reason } = ctx.body;
  const result = await actions.transferAccount(actionContext(ctx), kind, fromUserId, toUserId, reason);
  return sideBySide(ctx.db, result, ctx.locale, ctx.now);
}

async function register({ app, database, gameKeyHash, clock, metrics }: ModuleDeps) {
  // This month's ledger partition and the next ones exist before the first write (the daily job keeps them ahead).
  await ensureLedgerMonths(database.db, clock.now());
  installLedgerMetrics(metrics, database.db);
  const deps = { db: database.db, gameKeyHash };
  registerEndpoints(app, deps, playerGameEndpoints, playerGameHandlers(database, clock));
  registerEndpoints(app, deps, audienceEndpoints, {
    countAudience: ({ db, body }) => countAudience(db, body.conditions, clock.now()),
  });
  registerEndpoints(app, deps, ledgerEndpoints, {
    listPlayerLedger: ({ db, query }) => listPlayerLedger(db, query),
  });
  registerEndpoints(app, deps, playerEndpoints, {
    searchPlayers: ({ db, query, now }) => queries.searchPlayers(db, query, now),
    getPlayerDetail: async ({ db, query, locale, now }) => ({
      [String(query.userId)]: await queries.playerDetailById(db, query.userId, locale, now),
    }),
    listPlayers: ({ db, query, now }) => queries.listPlayers(db, query, now),
    endPlayerSession: async (ctx) => {
      const row = await actions.endPlayerSession(actionContext(ctx), ctx.body);
      return { userId: row.id, sessionEpoch: row.sessionEpoch };
    },

    freezePlayers: async (ctx) =>
      summaries(
        await actions.freezePlayers(actionContext(ctx), ctx.body.userIds, ctx.body.reason, ctx.body.until),
        ctx.now,
      ),
    unfreezePlayers: async (ctx) =>
      summaries(await actions.unfreezePlayers(actionContext(ctx), ctx.body.userIds), ctx.now),
    listFrozenPlayers: ({ db, query, now }) => queries.listFrozenPlayers(db, query, now),
    listDeviceBans: ({ db, query, now }) => queries.listDeviceBans(db, query, now),
    banDevices: async (ctx) => ({
      bans: (await actions.banDevices(actionContext(ctx), ctx.body.deviceIds, ctx.body.reason, ctx.body.until)).map(
        (b) => queries.toDeviceBan(b, b.userIds),
      ),
    }),
    unbanDevices: async (ctx) => ({ removed: await actions.unbanDevices(actionContext(ctx), ctx.body.deviceIds) }),

    clearPlayerData: async (ctx) =>
      detail(ctx, await actions.clearPlayerData(actionContext(ctx), ctx.body.userId, ctx.body.reason)),
    exportPlayerArchive: async ({ db, query, locale, now, reply }) => {
      const archive = await queries.playerArchive(db, query.userId, locale, now);
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="player-${query.userId}.json"`);
      return archive;
    },
    previewMigrateAccount: async ({ db, query, locale, now }) =>
      transferPreview(db, 'migrateAccount', query, locale, now),
    migrateAccount: async (ctx) => transferDone(ctx, 'migrateAccount'),
    previewCopyAccount: async ({ db, query, locale, now }) => transferPreview(db, 'copyAccount', query, locale, now),
    copyAccount: async (ctx) => transferDone(ctx, 'copyAccount'),
    deductResources: async (ctx) =>
      detail(ctx, await actions.deductResources(actionContext(ctx), ctx.body.userId, ctx.body.items, ctx.body.reason)),
    removeItems: async (ctx) =>
      detail(ctx, await actions.removeItems(actionContext(ctx), ctx.body.userId, ctx.body.kinds, ctx.body.reason)),
    listItemRemovals: ({ db, query }) => queries.listItemRemovals(db, query),

    listSuspiciousPlayers: ({ db, query }) => queries.listSuspicions(db, query),
    reviewSuspicion: (ctx) => actions.reviewSuspicion(actionContext(ctx), ctx.params.id),

    listSnapshots: ({ db, query }) => queries.listSnapshots(db, query),
    getSnapshot: ({ db, params }) => queries.getSnapshot(db, params.id),
    restoreSnapshot: async (ctx) =>
      detail(ctx, await actions.restoreSnapshot(actionContext(ctx), ctx.params.id, ctx.body.reason)),
    getPlayerDataHistory: ({ db, query, locale }) => queries.playerDataHistory(db, query, locale),

    listChatBans: ({ db, query, now }) => queries.listChatBans(db, query, now),
    banChat: async (ctx) =>
      summaries(await actions.banChat(actionContext(ctx), ctx.body.userIds, ctx.body.until, ctx.body.reason), ctx.now),
    liftChatBan: async (ctx) => summaries(await actions.liftChatBan(actionContext(ctx), ctx.body.userIds), ctx.now),

    listPlayerDevices: async ({ db, query, now }) => {
      await getPlayer(db, query.userId);
      return playerDevicesView(db, query.userId, now);
    },
    unbindDevice: async (ctx) =>
      detail(ctx, await actions.unbindDevice(actionContext(ctx), ctx.body.userId, ctx.body.deviceId, ctx.body.reason)),

    listBlacklist: ({ db, query, now }) => queries.listBlacklist(db, query, now),
    addToBlacklist: async (ctx) =>
      summaries(await actions.addToBlacklist(actionContext(ctx), ctx.body.userIds, ctx.body.reason), ctx.now),
    removeFromBlacklist: async (ctx) =>
      summaries(await actions.removeFromBlacklist(actionContext(ctx), ctx.body.userIds), ctx.now),

    listPlayerEvents: ({ db, query }) => queries.listPlayerEvents(db, query),
    deleteBusinessData: async (ctx) =>
      detail(ctx, await actions.deleteBusinessData(actionContext(ctx), ctx.body.userId, ctx.body.reason)),
  });
}

export const playersArea = defineArea({
  name: 'players',
  needs: ['gamegate'],
  tables,
  jobs: [housekeepingJob('players.prune', 7, pruneRoutineEvents), ledgerCheckJob, ledgerPartitionsJob],
  register,
});
