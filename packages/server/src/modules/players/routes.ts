import { audienceEndpoints, type Locale, playerEndpoints, playerGameEndpoints } from '@rookery/contracts';
import type { ModuleDeps } from '../../module.js';
import type { Db } from '../../platform/db/client.js';
import { scheduleHousekeeping } from '../../platform/housekeeping.js';
import { type RequestContext, registerEndpoints } from '../../platform/http/endpoints.js';
import * as actions from './actions.js';
import { countAudience } from './audience.js';
import { playerGameHandlers } from './game-routes.js';
import { pruneRoutineEvents } from './housekeeping.js';
import * as queries from './queries.js';
import { getPlayer, type PlayerRow } from './service.js';
import { type DeviceView, loadPlayerDetail, playerDevicesView, toPlayerDetail, toPlayerSummary } from './views.js';

/** Console handlers for player support and moderation; the game's player calls are in game-routes.ts. */

const actionContext = (ctx: RequestContext<any>): actions.ActionContext => ({
  db: ctx.db,
  actor: ctx.session!.username,
  audit: ctx.audit,
  locale: ctx.locale,
});

/** The player page's shape of a row a console action returned. */
const detail = (ctx: RequestContext<any>, row: PlayerRow) => loadPlayerDetail(ctx.db, row, ctx.locale);

const summaries = (rows: PlayerRow[]) => ({ players: rows.map((r) => toPlayerSummary(r)) });

type Side = { before: PlayerRow; after: PlayerRow };

/** Both accounts, before and after, as details: the copy and migrate screens show them side by side. */
async function sideBySide(db: Db, sides: { from: Side; to: Side }, locale: Locale) {
  const devices = new Map<number, DeviceView[]>();
  for (const id of [sides.from.before.id, sides.to.before.id]) devices.set(id, await playerDevicesView(db, id));
  const view = (s: Side) => ({
    before: toPlayerDetail(s.before, devices.get(s.before.id)!, locale),
    after: toPlayerDetail(s.after, devices.get(s.after.id)!, locale),
  });
  return { from: view(sides.from), to: view(sides.to) };
}

async function transferPreview(
  db: Db,
  kind: actions.TransferKind,
  q: { fromUserId: number; toUserId: number },
  locale: Locale,
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
  );
}

async function transferDone(
  ctx: RequestContext<typeof playerEndpoints.copyAccount | typeof playerEndpoints.migrateAccount>,
  kind: actions.TransferKind,
) {
  const { fromUserId, toUserId, reason } = ctx.body;
  const result = await actions.transferAccount(actionContext(ctx), kind, fromUserId, toUserId, reason);
  return sideBySide(ctx.db, result, ctx.locale);
}

export function playersModule({ app, database, gameKeyHash, clock }: ModuleDeps) {
  scheduleHousekeeping(app, 'players', () => pruneRoutineEvents(database.db));
  const deps = { db: database.db, gameKeyHash };
  registerEndpoints(app, deps, playerGameEndpoints, playerGameHandlers(database, clock));
  registerEndpoints(app, deps, audienceEndpoints, {
    countAudience: ({ db, body }) => countAudience(db, body.conditions, clock.now()),
  });
  registerEndpoints(app, deps, playerEndpoints, {
    searchPlayers: ({ db, query }) => queries.searchPlayers(db, query),
    getPlayerDetail: async ({ db, query, locale }) => ({
      [String(query.userId)]: await queries.playerDetailById(db, query.userId, locale),
    }),
    listPlayers: ({ db, query }) => queries.listPlayers(db, query),
    endPlayerSession: async (ctx) => {
      const row = await actions.endPlayerSession(actionContext(ctx), ctx.body);
      return { userId: row.id, sessionEpoch: row.sessionEpoch };
    },

    freezePlayers: async (ctx) =>
      summaries(await actions.freezePlayers(actionContext(ctx), ctx.body.userIds, ctx.body.reason, ctx.body.until)),
    unfreezePlayers: async (ctx) => summaries(await actions.unfreezePlayers(actionContext(ctx), ctx.body.userIds)),
    listFrozenPlayers: ({ db, query }) => queries.listFrozenPlayers(db, query),
    listDeviceBans: ({ db, query }) => queries.listDeviceBans(db, query),
    banDevices: async (ctx) => ({
      bans: (await actions.banDevices(actionContext(ctx), ctx.body.deviceIds, ctx.body.reason, ctx.body.until)).map(
        (b) => queries.toDeviceBan(b, b.userIds),
      ),
    }),
    unbanDevices: async (ctx) => ({ removed: await actions.unbanDevices(actionContext(ctx), ctx.body.deviceIds) }),

    clearPlayerData: async (ctx) =>
      detail(ctx, await actions.clearPlayerData(actionContext(ctx), ctx.body.userId, ctx.body.reason)),
    exportPlayerArchive: async ({ db, query, locale, reply }) => {
      const archive = await queries.playerArchive(db, query.userId, locale);
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="player-${query.userId}.json"`);
      return archive;
    },
    previewMigrateAccount: async ({ db, query, locale }) => transferPreview(db, 'migrateAccount', query, locale),
    migrateAccount: async (ctx) => transferDone(ctx, 'migrateAccount'),
    previewCopyAccount: async ({ db, query, locale }) => transferPreview(db, 'copyAccount', query, locale),
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

    listChatBans: ({ db, query }) => queries.listChatBans(db, query),
    banChat: async (ctx) =>
      summaries(await actions.banChat(actionContext(ctx), ctx.body.userIds, ctx.body.until, ctx.body.reason)),
    liftChatBan: async (ctx) => summaries(await actions.liftChatBan(actionContext(ctx), ctx.body.userIds)),

    listPlayerDevices: async ({ db, query }) => {
      await getPlayer(db, query.userId);
      return playerDevicesView(db, query.userId);
    },
    unbindDevice: async (ctx) =>
      detail(ctx, await actions.unbindDevice(actionContext(ctx), ctx.body.userId, ctx.body.deviceId, ctx.body.reason)),

    listBlacklist: ({ db, query }) => queries.listBlacklist(db, query),
    addToBlacklist: async (ctx) =>
      summaries(await actions.addToBlacklist(actionContext(ctx), ctx.body.userIds, ctx.body.reason)),
    removeFromBlacklist: async (ctx) =>
      summaries(await actions.removeFromBlacklist(actionContext(ctx), ctx.body.userIds)),

    listPlayerEvents: ({ db, query }) => queries.listPlayerEvents(db, query),
    deleteBusinessData: async (ctx) =>
      detail(ctx, await actions.deleteBusinessData(actionContext(ctx), ctx.body.userId, ctx.body.reason)),
  });
}
