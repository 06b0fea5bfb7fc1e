import { addTexts } from '../i18n/add-texts';

/** Texts of the consequential confirmation (UX.md §1), added when a consequential form first loads. */
const zhCN = {
  consequence: {
    typeToConfirm: '此操作不可撤销。请输入 {{expected}} 以确认：',
    permanent: '永久',
    untilLocal: '至 {{local}}（{{zone}}）',
    utc: '{{utc}} UTC',
    refused: '未执行：{{msg}}',
  },
};

const enUS: typeof zhCN = {
  consequence: {
    typeToConfirm: 'This cannot be undone. Type {{expected}} to confirm:',
    permanent: 'Permanent',
    untilLocal: 'Until {{local}} ({{zone}})',
    utc: '{{utc}} UTC',
    refused: 'Not done: {{msg}}',
  },
};

addTexts(zhCN, enUS);
