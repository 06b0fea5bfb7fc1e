import { defineArea } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import { piggyBankEndpoints, piggyBankGameEndpoints } from './endpoints.js';
import { piggyBankMessages } from './messages.js';
import { piggyBankResource } from './resources.js';

const audit = {
  objects: {
    piggyBank: {
      label: zhEn('存钱罐 {id}', 'piggy bank {id}'),
      page: { route: 'productPiggyBank', query: (id) => ({ search: id }) },
    },
  },
  actions: {
    ...resourceActions('piggyBank', zhEn('存钱罐', 'piggy bank')),
    resetPlayerPiggyBank: {
      label: zhEn('清空玩家存钱罐', "Empty a player's piggy bank"),
      sentence: zhEn('清空了{player}的存钱罐', "emptied {player}'s piggy bank"),
      target: 'player',
    },
  },
} satisfies AreaAudit;

/**
 * Piggy banks (issue 43 item 2): banks that fill from game events up to a cap and are broken by a
 * purchase. Its pages sit in the store's `/purchase` group (`routes.ts`, spliced in there) and use
 * the store's gift-pack permissions, as the spec has them.
 */
export const piggyBankArea = defineArea({
  name: 'piggyBank',
  audit,
  endpoints: {
    ...resourceEndpoints(piggyBankResource),
    ...piggyBankEndpoints,
    ...piggyBankGameEndpoints,
  },
  resources: { piggyBank: piggyBankResource },
  messages: piggyBankMessages,
});

declare module '../../area.js' {
  interface AreaMessages {
    piggyBank: typeof piggyBankMessages;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
export * from './messages.js';
export * from './resources.js';
export * from './routes.js';
