import { addTexts } from '../shared/texts';

/** The settings screens' texts (zh-CN first, en-US the same shape), added when one loads. */
const zhCN = {
  settings: {
    constant: {
      entity: '常量',
      name: '名称',
      type: '类型',
      value: '值',
      description: '说明',
    },
    dictionary: {
      entity: '字典条目',
      key: '键',
      zhCN: '中文',
      enUS: '英文',
      description: '说明',
    },
  },
};

const enUS: typeof zhCN = {
  settings: {
    constant: {
      entity: 'constant',
      name: 'Name',
      type: 'Type',
      value: 'Value',
      description: 'Description',
    },
    dictionary: {
      entity: 'dictionary entry',
      key: 'Key',
      zhCN: 'Chinese',
      enUS: 'English',
      description: 'Description',
    },
  },
};

addTexts(zhCN, enUS);
