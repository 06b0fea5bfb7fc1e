import type { playerGameEndpoints } from '@rookery/contracts';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/client.js';
import { type Handlers, ownTransactions } from '../../platform/http/endpoints.js';
import { gameGate } from '../gamegate/gate.js';
import { assertPlayable, gameStateAnswer, loginPlayer, loginUserId, savePlayer } from './game.js';
import { getPlayer } from './service.js';

/** Game API handlers (X-Game-Key). No audit: the player event log records what the game did. */
export const playerGameHandlers = (database: Database, clock: Clock): Handlers<typeof playerGameEndpoints> => {
  const gate = gameGate({ database, clock });
  return {
    // The door first (maintenance 503, forced upgrade 426, country from the IP: memory reads), then
    // one compiled statement for an existing player allowed in; a transaction of its own otherwise.
    gameLogin: ownTransactions(async ({ body, ip, locale, now }) => {
      const { country, upgrade } = await (await gate).admit(
        database.db,
        {
          ip,
          deviceId: body.deviceId,
          os: body.os,
          appVersion: body.appVersion,
          language: body.language,
          locale,
          country: body.country,
        },
        () => loginUserId(database.db, body),
      );
      const row = await loginPlayer({ database }, { ...body, country: country ?? '' }, now);
      return upgrade ? { ...gameStateAnswer(row, now), upgrade } : gameStateAnswer(row, now);
    }),
    gameGetPlayer: async ({ db, params, now }) =>
      gameStateAnswer(assertPlayable(await getPlayer(db, params.userId), now), now),
    gameSavePlayer: ({ db, params, body, now }) => savePlayer(db, params.userId, body, now),
  };
};
