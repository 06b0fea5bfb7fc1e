import { addTexts } from '../features/shared/texts';

/** Texts of the resource kit's generic screens (diff, history), added when one first loads. */
const zhCN = {
  diff: {
    field: '字段',
    change: '变化',
    before: '修改前',
    after: '修改后',
    none: '没有变化',
    empty: '（空）',
    whole: '整条记录',
    position: '第 {{n}} 项',
    kinds: { added: '新增', removed: '删除', changed: '修改', moved: '移动' },
  },
};

const enUS: typeof zhCN = {
  diff: {
    field: 'Field',
    change: 'Change',
    before: 'Before',
    after: 'After',
    none: 'No changes',
    empty: '(empty)',
    whole: 'Whole record',
    position: 'item {{n}}',
    kinds: { added: 'Added', removed: 'Removed', changed: 'Changed', moved: 'Moved' },
  },
};

addTexts(zhCN, enUS);
