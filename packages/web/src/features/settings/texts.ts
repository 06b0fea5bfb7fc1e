import { addTexts } from '../shared/texts';

/** The settings screens' texts (zh-CN first, en-US the same shape), added when one loads. */
const zhCN = {
  settings: {
    constant: {
      entity: '常量',
    },
    dictionary: {
      entity: '字典条目',
    },
  },
};

const enUS: typeof zhCN = {
  settings: {
    constant: {
      entity: 'constant',
    },
    dictionary: {
      entity: 'dictionary entry',
    },
  },
};

addTexts(zhCN, enUS);
