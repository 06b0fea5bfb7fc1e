import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { isoDate, playerUserId, whole } from '../../fields.js';
import { chestKindSchema, chestTableSchema } from './odds.js';

const reward = z.object({ kind: z.string(), amount: z.number() });
const oddsView = z.object({ reward, weight: z.number(), percent: z.number() });
const tableView = z.object({
  entries: z.array(z.object({ reward, weight: z.number() })),
  guaranteed: z.array(reward),
  pityEntry: z.number().nullable(),
  pityWithin: z.number().nullable(),
});

/** One chest kind in the console: its table (null before one is saved) and its odds. */
export const chestView = z.object({
  kind: z.string(),
  table: tableView.nullable(),
  odds: z.array(oddsView),
  totalWeight: z.number(),
  updatedAt: isoDate.nullable(),
  updatedBy: z.string().nullable(),
});
export type ChestView = z.output<typeof chestView>;

export const chestSimulationSchema = z.object({
  kind: z.string(),
  seed: z.number(),
  opens: z.number(),
  pityTriggers: z.number(),
  longestWithoutPity: z.number().nullable(),
  entries: z.array(z.object({ reward, declared: z.number(), observed: z.number(), count: z.number() })),
});
export type ChestSimulation = z.input<typeof chestSimulationSchema>;

/** A player's chests: held, and the pity counter per kind. */
export const playerChestSchema = z.object({
  kind: z.string(),
  held: z.number(),
  counter: z.number(),
  pityWithin: z.number().nullable(),
  pityReward: reward.nullable(),
});
export type PlayerChest = z.input<typeof playerChestSchema>;

const kindParams = z.object({ kind: chestKindSchema });
const userIdParams = z.object({ userId: playerUserId });

/** Opens simulated by the console (the figure the issue asks for; fewer for a quick look). */
export const CHEST_SIMULATION_OPENS = 100_000;

export const chestEndpoints = endpointTable({
  listChestTables: endpoint({
    method: 'GET',
    path: '/api/v1/product/chests',
    summary: 'Every chest kind with its drop table (null before one is saved) and its odds in percent',
    permission: ['normalProductConfigQuery'],
    response: z.object({ list: z.array(chestView) }),
  }),
  saveChestTable: endpoint({
    method: 'PUT',
    path: '/api/v1/product/chests/:kind',
    summary: "Save a chest kind's drop table: entries with weights, guaranteed items, pity",
    permission: ['normalProductConfigEdit'],
    auditTarget: 'chestTable',
    params: kindParams,
    body: chestTableSchema,
    response: chestView,
    invalidates: ['listChestTables', 'getPlayerChests'],
  }),
  simulateChest: endpoint({
    method: 'POST',
    path: '/api/v1/product/chests/:kind/simulate',
    summary:
      "Seeded simulation of the saved table's opens (100,000 by default) with the server's draw: observed against declared odds",
    permission: ['normalProductConfigQuery'],
    readOnly: true,
    params: kindParams,
    body: z.object({
      seed: whole(0, 2_147_483_647, 'v.invalidValue'),
      opens: whole(1, CHEST_SIMULATION_OPENS, 'v.invalidValue').default(CHEST_SIMULATION_OPENS),
    }),
    response: chestSimulationSchema,
  }),
  getPlayerChests: endpoint({
    method: 'GET',
    path: '/api/v1/players/:userId/chests',
    summary: "A player's chests held and pity counters per chest kind",
    permission: ['normalProductConfigQuery'],
    params: userIdParams,
    response: z.object({ list: z.array(playerChestSchema) }),
  }),
  resetChestPity: endpoint({
    method: 'POST',
    path: '/api/v1/players/:userId/chests/pity/reset',
    summary: "Reset a (test) player's pity counters: every chest kind, or the one named",
    permission: ['normalProductConfigEdit'],
    auditTarget: 'player',
    params: userIdParams,
    body: z.object({ kind: chestKindSchema.optional() }),
    response: z.object({ reset: z.number() }),
    invalidates: ['getPlayerChests'],
  }),
});

/** The game's view of one chest kind: the odds it must disclose, pity and the player's count. */
const gameChest = z.object({
  kind: z.string(),
  held: z.number(),
  /** false while no drop table is saved (the chest cannot be opened). */
  openable: z.boolean(),
  odds: z.array(oddsView),
  totalWeight: z.number(),
  guaranteed: z.array(reward),
  pity: z.object({ reward, within: z.number(), counter: z.number(), left: z.number() }).nullable(),
});

export const chestGameEndpoints = endpointTable({
  gameGetChests: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId/chests',
    summary:
      "Every chest kind: the odds in percent the server draws by, pity, the player's pity counter and chests held; `ETag`, 304 on `If-None-Match`",
    permission: 'game',
    params: userIdParams,
    raw: true,
    response: z.object({ chests: z.array(gameChest) }),
  }),
  gameOpenChest: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/chests/:kind/open',
    summary: 'Open one chest of this kind: consumes it, draws server-side, keeps the pity counter, grants the rewards',
    permission: 'game',
    params: userIdParams.extend({ kind: chestKindSchema }),
    response: z.object({
      kind: z.string(),
      entry: z.number(),
      reward,
      guaranteed: z.array(reward),
      pity: z.boolean(),
      counter: z.number(),
      held: z.number(),
      saveCount: z.number(),
    }),
  }),
});
