import { defineArea } from '../area.js';
import { resourceEndpoints } from '../resource.js';
import { configEndpoints, configGameEndpoints, configOverrideResource, configResource } from '../resources/config.js';
import { configMessages } from '../resources/config-messages.js';

/** Remote config: its fields, the testers' overrides, the game's config read. */
export const configArea = defineArea({
  name: 'config',
  endpoints: {
    ...resourceEndpoints(configResource),
    ...resourceEndpoints(configOverrideResource),
    ...configEndpoints,
    ...configGameEndpoints,
  },
  resources: { config: configResource, configOverride: configOverrideResource },
  messages: configMessages,
});

declare module '../area.js' {
  interface AreaMessages {
    config: typeof configMessages;
  }
}
