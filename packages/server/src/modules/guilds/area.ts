import { auditTarget, guildEndpoints, guildGameEndpoints } from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { ownTransactions, registerEndpoints } from '../../platform/http/endpoints.js';
import {
  addNameFilter,
  answerRequest,
  banGuild,
  changeLeader,
  chatQueue,
  consoleGuild,
  createGuild,
  deleteMessages,
  disbandByLeader,
  disbandByOperator,
  gameGuild,
  joinGuild,
  kickMember,
  leaveGuild,
  liftBan,
  listBans,
  listConsoleChat,
  listConsoleGuilds,
  listGameGuilds,
  listNameFilters,
  liveGuild,
  playerGuild,
  readChat,
  removeMember,
  removeNameFilter,
  renameGuild,
  setRole,
  updateSettings,
} from './service.js';
import * as tables from './tables.js';

/**
 * Guilds and guild chat (issue 45 items 1–2): the game's calls act for a player; the operators'
 * tools act on a guild, each in one transaction with its audit record, and the game reads the
 * same rows, so a change is visible to it at once.
 */
function register({ app, database, gameKeyHash }: ModuleDeps) {
  const deps = { db: database.db, gameKeyHash };
  const chats = chatQueue(database.db, database.kind);
  registerEndpoints(app, deps, guildGameEndpoints, {
    gameCreateGuild: ({ db, params, body, now }) => createGuild(db, params.userId, body, now),
    gameGetPlayerGuild: ({ db, params, now }) => playerGuild(db, params.userId, now),
    gameGetGuild: async ({ db, params, now }) => gameGuild(db, await liveGuild(db, params.guildId), now),
    gameListGuilds: ({ db, query, now }) => listGameGuilds(db, query, now),
    gameJoinGuild: ({ db, params, body, now }) => joinGuild(db, params.userId, body.guildId, now),
    gameAnswerGuildRequest: ({ db, params, body, now }) =>
      answerRequest(db, params.userId, body.requesterId, body.accept, now),
    gameLeaveGuild: ({ db, params, now }) => leaveGuild(db, params.userId, now),
    gameKickGuildMember: ({ db, params, body, now }) => kickMember(db, params.userId, body.memberId, now),
    gameSetGuildRole: ({ db, params, body, now }) => setRole(db, params.userId, body.memberId, body.role, now),
    gameUpdateGuildSettings: ({ db, params, body, now }) => updateSettings(db, params.userId, body, now),
    gameDisbandGuild: ({ db, params, now }) => disbandByLeader(db, params.userId, now),
    // One statement (its own transaction) for the posts that arrive together: the checks and the
    // inserts together.
    gamePostGuildChat: ownTransactions(({ params, body, now }) =>
      chats.submit({ userId: params.userId, text: body.text, now }),
    ),
    gameReadGuildChat: ({ db, params, query }) => readChat(db, params.userId, query),
  });

  const target = (id: number) => auditTarget('guild', id);
  registerEndpoints(app, deps, guildEndpoints, {
    listGuilds: ({ db, query, now }) => listConsoleGuilds(db, query, now),
    getGuild: async ({ db, params, now }) => (await consoleGuild(db, params.id, now)).view,
    renameGuild: async ({ db, params, body, audit, now }) => {
      const { before, after } = await renameGuild(db, params.id, body.name, now);
      audit({ target: target(params.id), before, after: { ...after, reason: body.reason ?? null } });
      return after;
    },
    changeGuildLeader: async ({ db, params, body, audit, now }) => {
      const { before, after } = await changeLeader(db, params.id, body.userId, now);
      audit({ target: target(params.id), before, after: { ...after, reason: body.reason ?? null } });
      return after;
    },
    removeGuildMember: async ({ db, params, body, audit, now }) => {
      const { before, after } = await removeMember(db, params.id, body.userId, now);
      audit({
        target: target(params.id),
        before,
        after: { ...after, removed: body.userId, reason: body.reason ?? null },
      });
      return after;
    },
    disbandGuild: async ({ db, params, body, audit, session, now }) => {
      const { before, after, told } = await disbandByOperator(
        db,
        params.id,
        body.reason,
        session?.username ?? null,
        now,
      );
      audit({ target: target(params.id), before, after: { ...after, reason: body.reason, membersMailed: told } });
      return after;
    },
    banGuild: async ({ db, params, body, audit, now }) => {
      const { before, after } = await banGuild(db, params.id, body, now);
      audit({
        target: target(params.id),
        before,
        after: { ...after, ban: body.kind, until: body.until, reason: body.reason },
      });
      return after;
    },
    liftGuildBan: async ({ db, params, body, audit, now }) => {
      const { before, after } = await liftBan(db, params.id, body.kind, now);
      audit({ target: target(params.id), before, after: { ...after, lifted: body.kind } });
      return after;
    },
    listGuildBans: ({ db, query, now }) => listBans(db, query.kind, now),
    listGuildChat: ({ db, query }) => listConsoleChat(db, query),
    deleteGuildMessages: async ({ db, body, audit, session, now }) => {
      const deleted = await deleteMessages(db, body.ids, session?.username ?? null, now);
      for (const m of deleted)
        audit({
          target: auditTarget('guildMessage', m.id),
          before: { guildId: m.guildId, userId: m.userId, text: m.text, createdAt: m.createdAt },
          after: { deletedAt: m.deletedAt, reason: body.reason ?? null },
        });
      return { deleted: deleted.length };
    },
    listGuildNameFilters: ({ db }) => listNameFilters(db),
    addGuildNameFilter: async ({ db, body, audit, session, now }) => {
      const row = await addNameFilter(db, body.word, session?.username ?? null, now);
      audit({ target: auditTarget('guildNameFilter', row.id), after: row });
      return row;
    },
    removeGuildNameFilter: async ({ db, params, audit }) => {
      const row = await removeNameFilter(db, params.id);
      audit({ target: auditTarget('guildNameFilter', row.id), before: row });
      return { removed: row.id };
    },
  });
}

export const guildsArea = defineArea({ name: 'guilds', needs: ['players', 'mail'], tables, register });
