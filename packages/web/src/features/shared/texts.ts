import {
  conditionAttributeLabels,
  conditionOperatorLabels,
  conditionUserTypeLabels,
  labelsIn,
} from '@rookery/contracts';
import { addTexts } from '../../i18n/add-texts';

// Areas take `addTexts` from here and so also have the shared editors' texts (a version placeholder).
export { addTexts };

/**
 * Texts of the shared editors (conditions, rewards), added to the console's i18n resources when
 * an editor is first loaded, so screens that do not use them do not carry them.
 */
const zhCN = {
  conditions: {
    attr: '属性',
    op: '运算符',
    value: '值',
    add: '添加条件',
    remove: '删除',
    none: '无条件：所有玩家',
    attrs: labelsIn(conditionAttributeLabels, 'zh-CN'),
    ops: labelsIn(conditionOperatorLabels, 'zh-CN'),
    seed: '种子（可空）',
    seedHint: '同一种子把同一批玩家分在一起；沿用 Firebase 的种子即保持原有分组。区间为下限不含、上限含。',
    percentShare: '约 {{share}}% 的玩家',
    userTypes: labelsIn(conditionUserTypeLabels, 'zh-CN'),
    versionPlaceholder: '如 1.2.0',
    previewUserId: '玩家 ID',
    preview: '试算该玩家',
    previewMatches: '该玩家符合全部条件',
    previewFails: '该玩家不符合以下条件：',
    previewInvalid: '请先修正条件中的错误',
    audience: {
      counting: '正在统计条件选中的玩家…',
      failed: '无法统计玩家人数，仍可继续。',
      about: '约 {{n}}',
      selected: '条件当前选中 {{n}} 名玩家（共 {{total}} 名）',
      selected_one: '条件当前选中 {{n}} 名玩家（共 {{total}} 名）',
      everyone: '所有玩家：{{n}} 名',
      everyone_one: '所有玩家：{{n}} 名',
    },
  },
  rewards: {
    kind: '奖励',
    amount: '数量',
    add: '添加奖励',
    remove: '删除',
  },
};

const enUS: typeof zhCN = {
  conditions: {
    attr: 'Attribute',
    op: 'Operator',
    value: 'Value',
    add: 'Add condition',
    remove: 'Remove',
    none: 'No condition: every player',
    attrs: labelsIn(conditionAttributeLabels, 'en-US'),
    ops: labelsIn(conditionOperatorLabels, 'en-US'),
    seed: 'Seed (optional)',
    seedHint:
      'The same seed keeps the same players together; reusing a Firebase seed keeps its split. A range excludes its lower bound and includes its upper one.',
    percentShare: 'about {{share}}% of players',
    userTypes: labelsIn(conditionUserTypeLabels, 'en-US'),
    versionPlaceholder: 'e.g. 1.2.0',
    previewUserId: 'Player ID',
    preview: 'Try on this player',
    previewMatches: 'This player meets every condition',
    previewFails: 'This player fails the conditions:',
    previewInvalid: 'Fix the conditions first',
    audience: {
      counting: 'Counting the players its conditions select…',
      failed: 'Could not count the players; you can still go on.',
      about: 'about {{n}}',
      selected: 'Its conditions select {{n}} players now (of {{total}})',
      selected_one: 'Its conditions select {{n}} player now (of {{total}})',
      everyone: 'Every player: {{n}}',
      everyone_one: 'Every player: {{n}}',
    },
  },
  rewards: {
    kind: 'Reward',
    amount: 'Amount',
    add: 'Add reward',
    remove: 'Remove',
  },
};

addTexts(zhCN, enUS);
