import { defineRoutes } from './types.js';

/** Developer tools (not built yet). */
export const devtoolRoutes = defineRoutes([
  {
    path: '/devtool',
    name: 'devtool',
    icon: 'ToolOutlined',
    redirect: '/devtool/deadletter',
    auth: ['developer', 'tester', 'deadLetterQueueQuery', 'devToolAccountQuery', 'clientLogQuery'],
    children: [
      {
        path: 'deadletter',
        name: 'devtoolDeadLetter',
        auth: ['developer', 'deadLetterQueueQuery', 'deadletterQueueQuery'],
      },
      { path: 'account', name: 'devtoolAccount', auth: ['developer', 'tester', 'devToolAccountQuery'] },
      { path: 'cavern', name: 'devtoolCavern', auth: ['developer', 'devToolCaveQuery'] },
      { path: 'zoneIdList', name: 'devtoolZoneIdList', auth: ['developer', 'advancedArenaZonesQuery'] },
      { path: 'log', name: 'devtoolLog', auth: ['developer', 'tester', 'clientLogQuery'] },
      { path: 'guild', name: 'devtoolGuild', auth: ['developer', 'devToolGuildEdit'] },
      { path: 'guildWar', name: 'devtoolGuildWar', auth: ['developer', 'tester', 'guildWarStatusQuery'] },
      { path: 'podTime', name: 'devtoolPodTime', auth: ['developer', 'tester', 'podTimeQuery'] },
    ],
  },
]);
