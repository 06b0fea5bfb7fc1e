import type { playerGameEndpoints } from '@rookery/contracts';
import type { Database } from '../../platform/db/client.js';
import { type Handlers, ownTransactions } from '../../platform/http/endpoints.js';
import { assertPlayable, gameStateAnswer, loginPlayer, savePlayer } from './game.js';
import { getPlayer } from './service.js';

/** Game API handlers (X-Game-Key). No audit: the player event log records what the game did. */
export const playerGameHandlers = (database: Database): Handlers<typeof playerGameEndpoints> => ({
  // One compiled statement for an existing player allowed in; a transaction of its own otherwise.
  gameLogin: ownTransactions(async ({ body }) => gameStateAnswer(await loginPlayer({ database }, body))),
  gameGetPlayer: async ({ db, params }) => gameStateAnswer(assertPlayable(await getPlayer(db, params.userId))),
  gameSavePlayer: ({ db, params, body }) => savePlayer(db, params.userId, body),
});
