import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { playerUserId } from '../../fields.js';
import { resourceKeySchema } from '../../resource.js';

/** One bank as a player holds it (the game's view and the player page's tab). */
export const playerPiggyBankSchema = z.object({
  name: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  resource: z.string(),
  fill: z.number().int(),
  cap: z.number().int(),
  full: z.boolean(),
  /** The IAP item that breaks it. */
  purchaseId: z.number().int(),
  effectiveAt: z.string().nullable(),
  expireAt: z.string().nullable(),
});
export type PlayerPiggyBank = z.infer<typeof playerPiggyBankSchema>;

const userParams = z.object({ userId: playerUserId });

export const piggyBankGameEndpoints = endpointTable({
  gameGetPiggyBank: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId/piggy-bank',
    summary: "The player's active piggy banks: fill, cap, the product that breaks each, full or not (ETag)",
    permission: 'game',
    params: userParams,
    response: z.object({ banks: z.array(playerPiggyBankSchema) }),
  }),
});

export const piggyBankEndpoints = endpointTable({
  playerPiggyBanks: endpoint({
    method: 'GET',
    path: '/api/v1/piggy-bank/players',
    summary: "A player's piggy banks active now, with their fill (the player page's tab)",
    permission: ['iapGiftConfigQuery'],
    query: z.object({ userId: playerUserId }),
    response: z.object({ list: z.array(playerPiggyBankSchema) }),
  }),
  resetPlayerPiggyBank: endpoint({
    method: 'POST',
    path: '/api/v1/piggy-bank/players/:userId/reset',
    summary: "Empty a player's piggy bank (a test player's progress): the game sees it at once",
    permission: ['iapGiftConfigEdit'],
    params: userParams,
    body: z.object({ bank: resourceKeySchema }),
    auditTarget: 'player',
    response: z.object({ bank: z.string(), before: z.number().int(), fill: z.number().int() }),
    invalidates: ['playerPiggyBanks'],
  }),
});
