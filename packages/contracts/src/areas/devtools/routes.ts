import { zhEn } from '../../bilingual.js';
import { defineRoutes } from '../../routes/types.js';

/** Developer tools (not built yet). */
export const devtoolRoutes = defineRoutes([
  {
    path: '/devtool',
    name: 'devtool',
    title: zhEn('开发工具', 'Developer tools'),
    icon: 'ToolOutlined',
    redirect: '/devtool/deadletter',
    auth: ['developer', 'tester', 'deadLetterQueueQuery', 'devToolAccountQuery', 'clientLogQuery'],
    children: [
      {
        path: 'deadletter',
        name: 'devtoolDeadLetter',
        title: zhEn('死信队列', 'Dead-letter queue'),
        auth: ['developer', 'deadLetterQueueQuery', 'deadletterQueueQuery'],
      },
      {
        path: 'account',
        name: 'devtoolAccount',
        title: zhEn('测试账号', 'Test accounts'),
        auth: ['developer', 'tester', 'devToolAccountQuery'],
      },
      {
        path: 'cavern',
        name: 'devtoolCavern',
        title: zhEn('洞穴工具', 'Cavern tool'),
        auth: ['developer', 'devToolCaveQuery'],
      },
      {
        path: 'zoneIdList',
        name: 'devtoolZoneIdList',
        title: zhEn('竞技场分区', 'Arena zones'),
        auth: ['developer', 'advancedArenaZonesQuery'],
      },
      {
        path: 'log',
        name: 'devtoolLog',
        title: zhEn('开发日志', 'Developer log'),
        auth: ['developer', 'tester', 'clientLogQuery'],
      },
      {
        path: 'guild',
        name: 'devtoolGuild',
        title: zhEn('公会工具', 'Guild tool'),
        auth: ['developer', 'devToolGuildEdit'],
      },
      {
        path: 'guildWar',
        name: 'devtoolGuildWar',
        title: zhEn('公会战状态', 'Guild war status'),
        auth: ['developer', 'tester', 'guildWarStatusQuery'],
      },
      {
        path: 'podTime',
        name: 'devtoolPodTime',
        title: zhEn('服务器时间', 'Pod time'),
        auth: ['developer', 'tester', 'podTimeQuery'],
      },
    ],
  },
]);
