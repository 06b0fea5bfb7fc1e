import { addTexts } from '../i18n/add-texts';

/** Texts of the confirmation kit (TypeToConfirm), added when a confirmation first loads. */
addTexts(
  {
    typeToConfirm: {
      label: '请输入 {{text}} 以确认',
      mismatch: '与 {{text}} 不一致',
    },
  },
  {
    typeToConfirm: {
      label: 'Type {{text}} to confirm',
      mismatch: 'Does not match {{text}}',
    },
  },
);
