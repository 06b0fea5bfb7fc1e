import { addTexts } from '../shared/texts';

/** The piggy-bank screens' texts (zh-CN first, en-US the same shape), added when one loads. */
const zhCN = {
  piggyBank: {
    entity: '存钱罐',
    event: '游戏事件',
    amount: '每次存入',
    addRule: '添加存入规则',
    removeRule: '删除规则',
    rulesHint: '游戏上报这些事件时（POST …/events），按每次存入的数量装入存钱罐，直到上限。',
    purchaseHint: '购买此内购商品即破罐：发放验证时罐中的数量，并清空这部分。',
    fill: '已存',
    cap: '上限',
    full: '已满',
    notFull: '未满',
    name: '存钱罐',
    resource: '存入资源',
    none: '此玩家没有正在进行的存钱罐',
    reset: '清空',
    resetTitle: '清空玩家 {{userId}} 的存钱罐 {{bank}}？',
    resetPlayer: '玩家',
    resetNow: '当前已存',
    resetEffect: '清空为 0，游戏立即可见；已完成的购买不受影响',
    resetOk: '清空存钱罐 {{bank}}',
    resetDone: '已清空存钱罐 {{bank}}',
  },
};

const enUS: typeof zhCN = {
  piggyBank: {
    entity: 'piggy bank',
    event: 'Game event',
    amount: 'Adds each time',
    addRule: 'Add fill rule',
    removeRule: 'Remove rule',
    rulesHint:
      'When the game reports one of these events (POST …/events), the bank fills by its amount, up to the cap.',
    purchaseHint:
      'Buying this IAP item breaks the bank: it grants what the bank held at verification and takes that out.',
    fill: 'Filled',
    cap: 'Cap',
    full: 'Full',
    notFull: 'Not full',
    name: 'Piggy bank',
    resource: 'Fills with',
    none: 'This player has no piggy bank running',
    reset: 'Empty',
    resetTitle: "Empty player {{userId}}'s piggy bank {{bank}}?",
    resetPlayer: 'Player',
    resetNow: 'Filled now',
    resetEffect: 'Set to 0, seen by the game at once; purchases already made are not affected',
    resetOk: 'Empty piggy bank {{bank}}',
    resetDone: 'Piggy bank {{bank}} emptied',
  },
};

addTexts(zhCN, enUS);
