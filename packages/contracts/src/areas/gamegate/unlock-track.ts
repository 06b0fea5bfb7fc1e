import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { codedValues } from '../../enums.js';
import { features, itemKinds, MAX_ACHIEVEMENT_LEVEL, penguinTypes } from '../../game-catalogue.js';
import { defineResource, resourceKeySchema, samePermission } from '../../resource.js';
import { optionalDocumentText } from '../../text.js';

/**
 * The unlock track: what a player unlocks at which achievement level. One row per thing that
 * unlocks (its catalogue key is the row's key, so nothing unlocks twice): an item, a penguin
 * type or a feature of the game catalogue. The game reads it in the content snapshot
 * (`content.unlockTrack.<key>` = `{ kind, level }`).
 */

export const { codes: unlockKinds, labels: unlockKindLabels } = codedValues({
  item: zhEn('道具', 'Item'),
  penguin: zhEn('企鹅种类', 'Penguin type'),
  feature: zhEn('功能', 'Feature'),
});
export type UnlockKind = (typeof unlockKinds)[number];

/** The catalogue keys each kind may name. */
export const unlockTargets: Record<UnlockKind, readonly string[]> = {
  item: itemKinds,
  penguin: penguinTypes,
  feature: features,
};

export const unlockTrackSchema = z
  .object({
    /** What unlocks: a key of the catalogue of its kind. */
    target: resourceKeySchema,
    kind: z.enum(unlockKinds, { error: 'unlock.kind' }),
    level: z
      .number({ error: 'unlock.level' })
      .int({ error: 'unlock.level' })
      .min(1, { error: 'unlock.level' })
      .max(MAX_ACHIEVEMENT_LEVEL, { error: 'unlock.level' }),
    note: optionalDocumentText(500),
  })
  .superRefine((row, ctx) => {
    const allowed = unlockTargets[row.kind];
    if (allowed && !allowed.includes(row.target))
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'unlock.unknownTarget' });
  });
export type UnlockTrackRow = z.infer<typeof unlockTrackSchema>;

export const unlockTrackResource = defineResource({
  name: 'unlockTrack',
  label: zhEn('解锁轨迹', 'Unlock track'),
  schema: unlockTrackSchema,
  key: 'target',
  listFields: ['target', 'kind', 'level', 'note'],
  labels: { kind: zhEn('类型', 'Kind'), level: zhEn('成就等级', 'Achievement level') },
  list: {
    filters: {
      kind: { kind: 'enum', field: 'kind', values: unlockKindLabels },
      level: { kind: 'numberRange', field: 'level' },
    },
    sort: ['level', 'target'],
  },
  search: ['target', 'note'],
  permissions: samePermission('gameItemConfigQuery'),
  versioned: true,
  gameVisible: true,
  publish: (row) => ({ kind: row.kind, level: row.level }),
  routes: { list: 'settingUnlockTrack' },
});
