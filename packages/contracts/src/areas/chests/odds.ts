import { z } from 'zod';
import { whole } from '../../fields.js';
import { type ResourceKind, type Reward, resourceKinds, rewardSchema, rewardsSchema } from '../../game-catalogue.js';

/**
 * Chests (issue 43 item 3): the chest kinds are the game catalogue's treasure-chest resources
 * (taken from its list, never copied); a drop table per kind; the odds every reader shows and the
 * one draw function the server opens with and the console's simulation runs — so the figures
 * disclosed are those drawn by.
 */
export const chestKinds = resourceKinds.filter((kind) => kind.endsWith('_treasure_chest')) as [
  ResourceKind,
  ...ResourceKind[],
];
export type ChestKind = (typeof chestKinds)[number];

/** Largest weight of one entry (weights are relative shares; whole numbers so a draw is exact). */
export const MAX_CHEST_WEIGHT = 1_000_000;
/** Largest pity window (opens). */
export const MAX_PITY_WITHIN = 10_000;
export const MAX_CHEST_ENTRIES = 50;

export const chestKindSchema = z.enum(chestKinds, { error: 'chest.unknownKind' });

export const chestEntrySchema = z.object({
  reward: rewardSchema,
  weight: whole(0, MAX_CHEST_WEIGHT, 'chest.weight'),
});

/**
 * A drop table. Pity, when set, names an entry (by its place, from 0) and a window N: the entry is
 * guaranteed by the N-th open since it last dropped. A pity the table cannot satisfy is refused:
 * N not a whole number from 1 to MAX_PITY_WITHIN, no such entry, or an entry of weight 0 (it
 * never drops by the odds disclosed, so a guarantee of it contradicts them); both pity fields or
 * neither.
 */
export const chestTableSchema = z
  .object({
    entries: z.array(chestEntrySchema).min(1, { error: 'chest.entriesRequired' }).max(MAX_CHEST_ENTRIES),
    guaranteed: rewardsSchema.default([]),
    pityEntry: z.preprocess(
      (v) => (v === '' ? null : v),
      whole(0, MAX_CHEST_ENTRIES - 1, 'chest.pityEntry')
        .nullable()
        .default(null),
    ),
    pityWithin: z.preprocess(
      (v) => (v === '' ? null : v),
      whole(1, MAX_PITY_WITHIN, 'chest.pityWithin').nullable().default(null),
    ),
  })
  .superRefine((t, ctx) => {
    if (t.entries.reduce((sum, e) => sum + e.weight, 0) === 0)
      for (let i = 0; i < t.entries.length; i++)
        ctx.addIssue({ code: 'custom', path: ['entries', i, 'weight'], message: 'chest.weightsZero' });
    if ((t.pityEntry === null) !== (t.pityWithin === null)) {
      const missing = t.pityEntry === null ? 'pityEntry' : 'pityWithin';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'chest.pityBoth' });
      return;
    }
    if (t.pityEntry === null) return;
    const entry = t.entries[t.pityEntry];
    if (!entry) ctx.addIssue({ code: 'custom', path: ['pityEntry'], message: 'chest.pityEntry' });
    else if (entry.weight === 0) ctx.addIssue({ code: 'custom', path: ['pityEntry'], message: 'chest.pityWeightZero' });
  });
export type ChestTable = z.infer<typeof chestTableSchema>;

/** An entry's share in percent, to 4 decimals (the draw is exact: weight / total). */
export const percentOf = (weight: number, total: number) => Math.round((weight / total) * 1_000_000) / 10_000;

export const totalWeight = (table: Pick<ChestTable, 'entries'>) => table.entries.reduce((sum, e) => sum + e.weight, 0);

/** The disclosed odds: each entry's reward, weight and share in percent. */
export function chestOdds(table: Pick<ChestTable, 'entries'>) {
  const total = totalWeight(table);
  return table.entries.map((e) => ({ reward: e.reward, weight: e.weight, percent: percentOf(e.weight, total) }));
}

/** A random whole number in [0, max): node:crypto's `randomInt` on the server, a seeded PRNG in a simulation. */
export type RandomBelow = (max: number) => number;

export interface ChestDraw {
  /** The entry drawn (its place in the table). */
  entry: number;
  /** Drawn by pity rather than by the odds. */
  pity: boolean;
  /** The pity counter after this open: opens since the pity entry last dropped. */
  counter: number;
}

/**
 * The counter from which the next open is pity's (`counter >= pityDueAt`: the N-th open since the
 * pity entry last dropped), or null when the table has no pity.
 */
export const pityDueAt = (table: Pick<ChestTable, 'pityEntry' | 'pityWithin'>): number | null =>
  table.pityEntry !== null && table.pityWithin !== null ? table.pityWithin - 1 : null;

/** An entry by weight: one random number below the total weight, walked through the entries. */
export function weightedEntry(table: Pick<ChestTable, 'entries'>, randomBelow: RandomBelow): number {
  let r = randomBelow(totalWeight(table));
  let entry = 0;
  for (; entry < table.entries.length - 1; entry++) {
    r -= table.entries[entry].weight;
    if (r < 0) break;
  }
  // r < total, so the walk stops on an entry of weight > 0 (the last one only when r is past all the others).
  return entry;
}

/** Whether an entry drawn by weight resets the pity counter (it is the pity entry, or there is no pity). */
export const weightedResets = (table: Pick<ChestTable, 'pityEntry'>, entry: number) =>
  table.pityEntry === null || entry === table.pityEntry;

/**
 * One open: the pity entry when this is the N-th open since it last dropped, else an entry by
 * weight. The pity counter resets when the pity entry drops, however it dropped; otherwise it
 * counts one more. (The batched opens' SQL, `chest_open_apply`, applies these same three rules
 * to a weighted entry drawn beforehand: pity when `counter >= pityDueAt`, else the weighted entry
 * with its counter 0 when `weightedResets`, else counter + 1.)
 */
export function drawChest(table: ChestTable, counter: number, randomBelow: RandomBelow): ChestDraw {
  const dueAt = pityDueAt(table);
  if (dueAt !== null && counter >= dueAt) return { entry: table.pityEntry as number, pity: true, counter: 0 };
  const entry = weightedEntry(table, randomBelow);
  return { entry, pity: false, counter: weightedResets(table, entry) ? 0 : counter + 1 };
}

/** What one open grants: the guaranteed items and the entry's reward. */
export const chestGrant = (table: ChestTable, entry: number): Reward[] => [
  ...table.guaranteed,
  table.entries[entry].reward,
];

/** mulberry32: a small seeded PRNG (32-bit state), for simulations that must repeat. */
export function seededRandomBelow(seed: number): RandomBelow {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(u * max);
  };
}

/** `opens` opens of one player from a counter of 0, drawn with `randomBelow`: counts per entry and pity triggers. */
export function simulateChest(table: ChestTable, opens: number, randomBelow: RandomBelow) {
  const counts = table.entries.map(() => 0);
  let counter = 0;
  let pityTriggers = 0;
  let longestWithout = 0;
  let run = 0;
  for (let i = 0; i < opens; i++) {
    const draw = drawChest(table, counter, randomBelow);
    counts[draw.entry]++;
    if (draw.pity) pityTriggers++;
    counter = draw.counter;
    if (table.pityEntry !== null) {
      run = draw.entry === table.pityEntry ? 0 : run + 1;
      longestWithout = Math.max(longestWithout, run);
    }
  }
  const odds = chestOdds(table);
  return {
    opens,
    pityTriggers,
    /** Most opens in a row without the pity entry (below the pity window when pity holds). */
    longestWithoutPity: table.pityEntry === null ? null : longestWithout,
    entries: odds.map((o, i) => ({
      reward: o.reward,
      declared: o.percent,
      count: counts[i],
      observed: Math.round((counts[i] / opens) * 1_000_000) / 10_000,
    })),
  };
}
