import { defineArea } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { chestEndpoints, chestGameEndpoints } from './endpoints.js';
import { chestMessages } from './messages.js';

/** Its audit vocabulary: a chest kind's drop table, and the reset of a player's pity. */
const audit = {
  objects: {
    chestTable: {
      label: zhEn('宝箱掉落表 {id}', 'chest drop table {id}'),
      page: { route: 'productChest', query: (id) => ({ kind: id }) },
    },
  },
  actions: {
    saveChestTable: {
      label: zhEn('保存宝箱掉落表', 'Save chest drop table'),
      sentence: zhEn('保存了{chestTable}', 'saved {chestTable}'),
      target: 'chestTable',
    },
    resetChestPity: {
      label: zhEn('重置宝箱保底', 'Reset chest pity'),
      sentence: zhEn('重置了{player}的宝箱保底计数', 'reset the chest pity counters of {player}'),
      target: 'player',
    },
  },
} satisfies AreaAudit;

/**
 * Chests (issue 43 item 3): drop tables per chest kind, the odds disclosed to the game, opens,
 * pity, the seeded simulation. Its one screen (`productChest`, `chestRoutes`) sits in the store's
 * menu group: the store's route table lists it, so it is not listed again here. Its permissions
 * are the store's product permissions.
 */
export const chestsArea = defineArea({
  name: 'chests',
  audit,
  endpoints: { ...chestEndpoints, ...chestGameEndpoints },
  messages: chestMessages,
});

declare module '../../area.js' {
  interface AreaMessages {
    chests: typeof chestMessages;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
export * from './messages.js';
export * from './odds.js';
export * from './routes.js';
