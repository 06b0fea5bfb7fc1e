import { canonicalAttributes, type playerGameEndpoints } from '@rookery/contracts';
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
    // The door reads what the login will store (canonical): a country sent that is no ISO code is
    // as good as none (the IP's is used), and the upgrade levels' conditions see the stored values.
    gameLogin: ownTransactions(async ({ body, ip, locale, now }) => {
      const sent = canonicalAttributes(body);
      const { country, upgrade } = await (await gate).admit(
        database.db,
        {
          ip,
          deviceId: body.deviceId,
          os: sent.os,
          appVersion: body.appVersion,
          language: sent.language,
          locale,
          country: sent.country,
        },
        () => loginUserId(database.db, body),
      );
      const row = await loginPlayer({ database }, { ...body, doorCountry: country }, now);
      return upgrade ? { ...gameStateAnswer(row, now), upgrade } : gameStateAnswer(row, now);
    }),
    gameGetPlayer: async ({ db, params, now }) =>
      gameStateAnswer(assertPlayable(await getPlayer(db, params.userId), now), now),
    gameSavePlayer: ({ db, params, body, now }) => savePlayer(db, params.userId, body, now),
  };
};
