import { z } from 'zod';
import { type Label, zhEn } from './bilingual.js';

/**
 * The penguin game's vocabulary in one module: reward resource kinds, the game-state fields the
 * console shows, the schema of the player state document and a new player's state. Every screen
 * and server check reads this file; another game replaces this file, not the screens.
 */

/** Largest amount of any resource or counter a player may hold (well inside JavaScript's safe integers). */
export const MAX_AMOUNT = 1_000_000_000_000;

interface ResourceInfo {
  label: Label;
  /**
   * Most a player can plausibly gain of this kind per hour of play. A save that gains more is
   * flagged as suspicious (rule `resourceGain`).
   */
  maxGainPerHour: number;
}

export const resourceCatalogue = {
  gem: { label: zhEn('钻石', 'Gems'), maxGainPerHour: 2_000 },
  coin: { label: zhEn('金币', 'Coins'), maxGainPerHour: 5_000_000 },
  luck_bag: { label: zhEn('福袋', 'Luck bags'), maxGainPerHour: 50 },
  heart: { label: zhEn('爱心', 'Hearts'), maxGainPerHour: 500 },
  cookie: { label: zhEn('饼干', 'Cookies'), maxGainPerHour: 2_000 },
  sakura: { label: zhEn('樱花', 'Sakura'), maxGainPerHour: 2_000 },
  research_point: { label: zhEn('研究点', 'Research points'), maxGainPerHour: 10_000 },
  gold_treasure_chest: { label: zhEn('金宝箱', 'Gold treasure chests'), maxGainPerHour: 20 },
  silver_treasure_chest: { label: zhEn('银宝箱', 'Silver treasure chests'), maxGainPerHour: 50 },
  time_token: { label: zhEn('时间代币', 'Time tokens'), maxGainPerHour: 50 },
  heart_token: { label: zhEn('爱心代币', 'Heart tokens'), maxGainPerHour: 50 },
  penguin_emperor: { label: zhEn('帝企鹅', 'Emperor penguins'), maxGainPerHour: 20 },
  penguin_king: { label: zhEn('王企鹅', 'King penguins'), maxGainPerHour: 20 },
  penguin_adelie: { label: zhEn('阿德利企鹅', 'Adélie penguins'), maxGainPerHour: 50 },
  penguin_gentoo: { label: zhEn('巴布亚企鹅', 'Gentoo penguins'), maxGainPerHour: 50 },
  penguin_chinstrap: { label: zhEn('帽带企鹅', 'Chinstrap penguins'), maxGainPerHour: 50 },
  penguin_rockhopper: { label: zhEn('跳岩企鹅', 'Rockhopper penguins'), maxGainPerHour: 50 },
  penguin_macaroni: { label: zhEn('长冠企鹅', 'Macaroni penguins'), maxGainPerHour: 50 },
  penguin_little_blue: { label: zhEn('小蓝企鹅', 'Little blue penguins'), maxGainPerHour: 50 },
  fishing_boat: { label: zhEn('渔船', 'Fishing boats'), maxGainPerHour: 5 },
  submarine: { label: zhEn('潜水艇', 'Submarines'), maxGainPerHour: 2 },
  max_offline_hour: { label: zhEn('最大离线时长', 'Max offline hours'), maxGainPerHour: 4 },
} as const satisfies Record<string, ResourceInfo>;

export type ResourceKind = keyof typeof resourceCatalogue;
export const resourceKinds = Object.keys(resourceCatalogue) as [ResourceKind, ...ResourceKind[]];
export const isResourceKind = (kind: string): kind is ResourceKind => Object.hasOwn(resourceCatalogue, kind);

/**
 * Game features a player reaches as they progress (the spec names the mechanics — gacha chests,
 * time tickets, quests, skills, research, fishing boats, submarines, habitats — not a list of
 * features; these are those mechanics as things that unlock).
 */
export const featureCatalogue = {
  gacha: zhEn('扭蛋', 'Gacha'),
  quests: zhEn('任务', 'Quests'),
  skills: zhEn('技能', 'Skills'),
  time_tickets: zhEn('时间券', 'Time tickets'),
  research: zhEn('研究', 'Research'),
  fishing: zhEn('钓鱼', 'Fishing'),
  diving: zhEn('潜水', 'Diving'),
  new_habitat: zhEn('新栖息地', 'New habitat'),
} as const satisfies Record<string, Label>;
export type Feature = keyof typeof featureCatalogue;
export const features = Object.keys(featureCatalogue) as [Feature, ...Feature[]];

/** Penguin types: the resource kinds that are penguins. */
export const penguinTypes = resourceKinds.filter((k) => k.startsWith('penguin_'));
/** Items: the other resource kinds. */
export const itemKinds = resourceKinds.filter((k) => !k.startsWith('penguin_'));

/** Highest achievement level an unlock can name. */
export const MAX_ACHIEVEMENT_LEVEL = 1000;

/** The game-state counters of a player document, in the order the console shows them. */
export const stateFieldCatalogue = {
  availableGoldChests: zhEn('可用金宝箱数', 'Available gold treasure chests'),
  availableSilverChests: zhEn('可用银宝箱数', 'Available silver treasure chests'),
  gachaGoldChests: zhEn('扭蛋金宝箱数', 'Gacha gold treasure chests'),
  gachaSilverChests: zhEn('扭蛋银宝箱数', 'Gacha silver treasure chests'),
  maxOfflineHours: zhEn('最大离线小时数', 'Max offline hours'),
  timeTickets1h: zhEn('1 小时时间券', '1-hour time tickets'),
  timeTickets6h: zhEn('6 小时时间券', '6-hour time tickets'),
  timeTickets12h: zhEn('12 小时时间券', '12-hour time tickets'),
  totalPenguins: zhEn('企鹅总数', 'Total penguins'),
  achievementLevel: zhEn('成就等级', 'Achievement level'),
  questIndex: zhEn('任务序号', 'Quest index'),
  questProgress: zhEn('任务进度', 'Quest progress'),
  skillUseCount: zhEn('技能使用次数', 'Skill use count'),
  habitatCount: zhEn('栖息地数量', 'Habitat count'),
} as const satisfies Record<string, Label>;

export type StateField = keyof typeof stateFieldCatalogue;
export const stateFields = Object.keys(stateFieldCatalogue) as StateField[];

/** Title of the resources block in the state document. */
export const resourcesLabel = zhEn('资源', 'Resources');

const amount = z
  .number({ error: 'v.amountInteger' })
  .int({ error: 'v.amountInteger' })
  .min(0, { error: 'v.amountNegative' })
  .max(MAX_AMOUNT, { error: 'v.amountTooLarge' });

/** A resource kind of the catalogue (no transforms: response schemas must encode too). */
export const resourceKindSchema = z.enum(resourceKinds, {
  // A kind not chosen yet (a new reward row) asks for one; only a kind the catalogue lacks is unknown.
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? 'v.chooseKind' : 'v.unknownResource',
});

/** Resource holdings: only known kinds, each a non-negative integer. */
export const resourcesSchema = z.partialRecord(resourceKindSchema, amount);

/** The player state document the game saves; validated on every save and console edit. */
export const playerStateSchema = z
  .object({
    resources: resourcesSchema,
    ...(Object.fromEntries(stateFields.map((f) => [f, amount])) as Record<StateField, typeof amount>),
    // Stored in an integer column too (conditions target it): a count, never anywhere near 2^31.
    habitatCount: amount.max(100_000, { error: 'v.amountTooLarge' }),
  })
  .strict();
export type PlayerState = z.infer<typeof playerStateSchema>;

/** What a player starts with on first login (and after the console clears their data). */
export function initialPlayerState(): PlayerState {
  return {
    resources: { coin: 500, gem: 50, heart: 5, max_offline_hour: 2 },
    availableGoldChests: 0,
    availableSilverChests: 1,
    gachaGoldChests: 0,
    gachaSilverChests: 0,
    maxOfflineHours: 2,
    timeTickets1h: 1,
    timeTickets6h: 0,
    timeTickets12h: 0,
    totalPenguins: 1,
    achievementLevel: 0,
    questIndex: 0,
    questProgress: 0,
    skillUseCount: 0,
    habitatCount: 1,
  };
}

export const rewardSchema = z.object({
  kind: resourceKindSchema,
  amount: z
    .number({ error: 'v.amountPositive' })
    .int({ error: 'v.amountPositive' })
    .min(1, { error: 'v.amountPositive' })
    .max(MAX_AMOUNT, { error: 'v.amountTooLarge' }),
});
export type Reward = z.infer<typeof rewardSchema>;

/** A list of rewards: known kinds, positive integer amounts, each kind at most once. */
export const rewardsSchema = z
  .array(rewardSchema)
  .max(50)
  .superRefine((rewards, ctx) => {
    const seen = new Set<string>();
    rewards.forEach((r, i) => {
      if (seen.has(r.kind)) ctx.addIssue({ code: 'custom', path: [i, 'kind'], message: 'v.duplicateReward' });
      seen.add(r.kind);
    });
  });

/** Label of a resource kind or state field in a locale (the key itself when unknown). */
export function gameLabel(key: string, locale: keyof Label): string {
  if (isResourceKind(key)) return resourceCatalogue[key].label[locale];
  if (Object.hasOwn(stateFieldCatalogue, key)) return stateFieldCatalogue[key as StateField][locale];
  if (Object.hasOwn(featureCatalogue, key)) return featureCatalogue[key as Feature][locale];
  return key;
}

/** A state document as labelled rows in a locale, in catalogue order (player page, snapshots). */
export function labelledState(state: PlayerState, locale: keyof Label) {
  return {
    resources: resourceKinds
      .filter((k) => state.resources[k] !== undefined)
      .map((k) => ({ key: k as string, label: gameLabel(k, locale), value: state.resources[k]! })),
    fields: stateFields.map((f) => ({ key: f as string, label: gameLabel(f, locale), value: state[f] })),
  };
}
