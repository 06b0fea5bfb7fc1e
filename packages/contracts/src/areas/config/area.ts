import { defineArea } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import { configMessages } from './messages.js';
import { configEndpoints, configGameEndpoints, configOverrideResource, configResource } from './resources.js';

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    config: { label: zhEn('配置字段 {id}', 'config field {id}') },
    configOverride: { label: zhEn('测试覆盖 {id}', 'tester override {id}') },
  },
  actions: {
    ...resourceActions('config', zhEn('配置字段', 'config field')),
    ...resourceActions('configOverride', zhEn('测试覆盖', 'tester override')),
  },
} satisfies AreaAudit;

/** Remote config: its fields, the testers' overrides, the game's config read. */
export const configArea = defineArea({
  name: 'config',
  audit,
  endpoints: {
    ...resourceEndpoints(configResource),
    ...resourceEndpoints(configOverrideResource),
    ...configEndpoints,
    ...configGameEndpoints,
  },
  resources: { config: configResource, configOverride: configOverrideResource },
  messages: configMessages,
});

declare module '../../area.js' {
  interface AreaMessages {
    config: typeof configMessages;
  }
}

export * from './remote-config.js';
// What the area offers the server and the console beside its declaration.
export * from './resources.js';
