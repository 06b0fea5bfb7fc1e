import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { codedValues } from '../../enums.js';
import { idParams, isoDate, isoDateTime, optionalIsoDate, playerUserId, rowId } from '../../fields.js';
import { rewardsSchema } from '../../game-catalogue.js';
import { name } from '../../text.js';
import { gameEventNameSchema } from '../abtest/resources.js';
import { rewardView } from '../mail/endpoints.js';

/**
 * The battle pass: seasons with a window, ordered levels (XP to reach, a free and a premium
 * reward), the IAP item that unlocks the premium track, XP from named game events with a daily cap
 * per source, the game's view and claims, the operators' view of a player's progress.
 */

export const { codes: battlePassTracks, labels: battlePassTrackLabels } = codedValues({
  free: zhEn('免费', 'Free'),
  premium: zhEn('高级', 'Premium'),
});
export type BattlePassTrack = (typeof battlePassTracks)[number];

export const MAX_BATTLE_PASS_LEVELS = 200;
export const MAX_BATTLE_PASS_XP = 100_000_000;

/** A pass's key: the seasons of one pass may not overlap. */
const passKey = z
  .string({ error: 'battlePass.passKey' })
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'battlePass.passKey' });

const whole = (min: number, max: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });

export const battlePassLevelSchema = z.object({
  /** XP the player needs to reach this level (strictly increasing along the levels). */
  xp: whole(0, MAX_BATTLE_PASS_XP, 'battlePass.levelXp'),
  free: rewardsSchema.default([]),
  premium: rewardsSchema.default([]),
});
export type BattlePassLevel = z.infer<typeof battlePassLevelSchema>;

export const battlePassXpSourceSchema = z.object({
  /** A game event's name, as the game reports it. */
  event: gameEventNameSchema,
  xp: whole(1, 1_000_000, 'battlePass.sourceXp'),
  /** XP this source may give one player per day (the service clock's UTC day). */
  dailyCap: whole(1, MAX_BATTLE_PASS_XP, 'battlePass.dailyCap'),
});
export type BattlePassXpSource = z.infer<typeof battlePassXpSourceSchema>;

/** A season as the operator writes it (create, and the full replacement of an edit). */
export const battlePassSeasonBodySchema = z
  .object({
    pass: passKey.default('main'),
    name: name({ required: 'battlePass.nameRequired', max: 100 }),
    startAt: isoDateTime,
    endAt: isoDateTime,
    /** The IAP item (its ID in the store catalogue) that unlocks the premium track. */
    premiumProductId: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ error: 'battlePass.premiumProduct' }).int().positive().max(2_147_483_647).optional(),
    ),
    levels: z
      .array(battlePassLevelSchema)
      .min(1, { error: 'battlePass.levelsRequired' })
      .max(MAX_BATTLE_PASS_LEVELS, { error: 'battlePass.levelsTooMany' }),
    xpSources: z.array(battlePassXpSourceSchema).max(50).default([]),
    /** At the season's end, mail each player the free rewards they reached and did not claim. */
    mailUnclaimed: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (Date.parse(b.endAt) <= Date.parse(b.startAt)) issue(['endAt'], 'battlePass.endAfterStart');
    b.levels.forEach((l, i) => {
      if (i > 0 && l.xp <= b.levels[i - 1]!.xp) issue(['levels', i, 'xp'], 'battlePass.xpIncreasing');
      if (l.premium.length > 0 && b.premiumProductId === undefined)
        issue(['levels', i, 'premium'], 'battlePass.premiumWithoutProduct');
    });
    const seen = new Set<string>();
    b.xpSources.forEach((s, i) => {
      if (seen.has(s.event)) issue(['xpSources', i, 'event'], 'battlePass.sourceTwice');
      seen.add(s.event);
    });
  });
export type BattlePassSeasonBody = z.infer<typeof battlePassSeasonBodySchema>;

const levelView = z.object({ xp: z.number().int(), free: z.array(rewardView), premium: z.array(rewardView) });
export const battlePassSeasonSchema = z.object({
  id: z.number().int(),
  pass: z.string(),
  name: z.string(),
  startAt: isoDate,
  endAt: isoDate,
  premiumProductId: z.number().int().nullable(),
  levels: z.array(levelView),
  xpSources: z.array(z.object({ event: z.string(), xp: z.number().int(), dailyCap: z.number().int() })),
  mailUnclaimed: z.boolean(),
  /** When the season-end mail went out (null: not yet, or not asked for). */
  mailedAt: optionalIsoDate,
  state: z.enum(['scheduled', 'active', 'ended']),
});
export type BattlePassSeason = z.infer<typeof battlePassSeasonSchema>;

const seasonWrite = {
  permission: ['iapGiftConfigEdit'],
  auditTarget: 'battlePassSeason',
  invalidates: ['listBattlePassSeasons', 'getBattlePassSeason'],
} as const;

/** One player's progress in one season (the operators' view). */
export const battlePassProgressSchema = z.object({
  seasonId: z.number().int(),
  seasonName: z.string(),
  state: z.enum(['scheduled', 'active', 'ended']),
  xp: z.number().int(),
  level: z.number().int(),
  levels: z.number().int(),
  premium: z.boolean(),
  claims: z.array(z.object({ level: z.number().int(), track: z.enum(battlePassTracks), claimedAt: isoDate })),
});

const playerParams = z.object({ userId: playerUserId });

export const battlePassEndpoints = /*#__PURE__*/ endpointTable({
  listBattlePassSeasons: endpoint({
    method: 'GET',
    path: '/api/v1/battle-pass/seasons',
    summary: 'Battle-pass seasons, newest start first',
    permission: ['iapGiftConfigQuery'],
    response: z.object({ list: z.array(battlePassSeasonSchema) }),
  }),
  getBattlePassSeason: endpoint({
    method: 'GET',
    path: '/api/v1/battle-pass/seasons/:id',
    summary: 'One battle-pass season with its levels and XP sources',
    permission: ['iapGiftConfigQuery'],
    params: idParams,
    response: battlePassSeasonSchema,
  }),
  createBattlePassSeason: endpoint({
    method: 'POST',
    path: '/api/v1/battle-pass/seasons',
    summary: 'Create a season (no overlap with another season of its pass; the premium product an IAP item)',
    ...seasonWrite,
    body: battlePassSeasonBodySchema,
    response: battlePassSeasonSchema,
  }),
  updateBattlePassSeason: endpoint({
    method: 'PUT',
    path: '/api/v1/battle-pass/seasons/:id',
    summary: 'Replace a season',
    ...seasonWrite,
    params: idParams,
    body: battlePassSeasonBodySchema,
    response: battlePassSeasonSchema,
  }),
  getPlayerBattlePass: endpoint({
    method: 'GET',
    path: '/api/v1/battle-pass/players/:userId',
    summary: "A player's battle-pass progress per season (XP, level, premium, claims), newest season first",
    permission: ['battlePassProgressQuery'],
    params: playerParams,
    response: z.object({ list: z.array(battlePassProgressSchema) }),
  }),
  grantBattlePassXp: endpoint({
    method: 'POST',
    path: '/api/v1/battle-pass/players/:userId/xp',
    summary: 'Give a player XP in a season (no daily cap)',
    permission: ['battlePassProgressEdit'],
    auditTarget: 'battlePassProgress',
    invalidates: ['getPlayerBattlePass'],
    params: playerParams,
    body: z.object({ seasonId: rowId, xp: whole(1, MAX_BATTLE_PASS_XP, 'battlePass.grantXp') }),
    response: battlePassProgressSchema,
  }),
  resetBattlePassProgress: endpoint({
    method: 'POST',
    path: '/api/v1/battle-pass/players/:userId/reset',
    summary: "Reset a player's progress in a season: XP, daily counts, premium and claims",
    permission: ['battlePassProgressEdit'],
    auditTarget: 'battlePassProgress',
    invalidates: ['getPlayerBattlePass'],
    params: playerParams,
    body: z.object({ seasonId: rowId }),
    response: battlePassProgressSchema,
  }),
});

/** What the game sees of its player's battle pass. */
export const gameBattlePassSchema = z.object({
  season: z
    .object({
      id: z.number().int(),
      pass: z.string(),
      name: z.string(),
      startAt: isoDate,
      endAt: isoDate,
      premiumProductId: z.number().int().nullable(),
    })
    .nullable(),
  xp: z.number().int(),
  level: z.number().int(),
  premium: z.boolean(),
  levels: z.array(
    z.object({
      level: z.number().int(),
      xp: z.number().int(),
      free: z.object({ rewards: z.array(rewardView), claimed: z.boolean(), claimable: z.boolean() }),
      premium: z.object({ rewards: z.array(rewardView), claimed: z.boolean(), claimable: z.boolean() }),
    }),
  ),
});

export const battlePassClaimSchema = z.object({
  seasonId: z.number().int(),
  level: z.number().int(),
  track: z.enum(battlePassTracks),
  rewards: z.array(rewardView),
  claimedAt: isoDate,
  /** Claimed before: the same grant is answered, nothing granted again. */
  duplicate: z.boolean(),
});

export const battlePassGameEndpoints = /*#__PURE__*/ endpointTable({
  gameGetBattlePass: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId/battle-pass',
    summary:
      "The player's battle pass in the active season of a pass: XP, level, premium, per level what is claimable (ETag)",
    permission: 'game',
    params: playerParams,
    query: z.object({ pass: passKey.default('main') }),
    response: gameBattlePassSchema,
  }),
  gameClaimBattlePass: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/battle-pass/claim',
    summary: "Claim a level's reward on a track, once (a repeat answers the same grant)",
    permission: 'game',
    params: playerParams,
    body: z.object({
      pass: passKey.default('main'),
      level: z.number({ error: 'battlePass.unknownLevel' }).int({ error: 'battlePass.unknownLevel' }),
      track: z.enum(battlePassTracks, { error: 'battlePass.unknownTrack' }),
    }),
    response: battlePassClaimSchema,
  }),
});
