import { type Label, zhEn } from '../../bilingual.js';

/** Chests: the drop table's field checks, and what an open answers. */
export const chestMessages = {
  'chest.unknownKind': zhEn('没有这种宝箱', 'There is no such chest'),
  'chest.weight': zhEn('权重为 0 到 1,000,000 的整数', 'A weight is a whole number from 0 to 1,000,000'),
  'chest.weightsZero': zhEn(
    '权重之和不能为 0：至少一项的权重大于 0',
    'The weights add up to 0: give at least one entry a weight above 0',
  ),
  'chest.entriesRequired': zhEn('至少需要一项掉落', 'Add at least one drop'),
  'chest.pityEntry': zhEn('保底物品应为表中的一项', 'The pity item is one of the drops of this table'),
  'chest.pityWeightZero': zhEn(
    '保底物品的权重不能为 0：按公示概率它永远不会掉落',
    'The pity item cannot have weight 0: by the disclosed odds it never drops',
  ),
  'chest.pityWithin': zhEn('保底次数为 1 到 10,000 的整数', 'Pity is within a whole number of opens from 1 to 10,000'),
  'chest.pityBoth': zhEn(
    '保底物品和保底次数需同时填写或同时留空',
    'Give both the pity item and its number of opens, or neither',
  ),
  'chest.notConfigured': zhEn('该宝箱还没有掉落表', 'This chest has no drop table yet'),
  'chest.noneHeld': zhEn('玩家没有这种宝箱', 'The player holds no chest of this kind'),
} as const satisfies Record<string, Label>;
