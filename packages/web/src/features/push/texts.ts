import { addTexts } from '../shared/texts';

/** The push screens' texts (zh-CN first, en-US the same shape), added when one loads. */
const zhCN = {
  push: {
    topic: { entity: '推送主题' },
    template: { entity: '推送模板' },
    devices: {
      title: '设备',
      none: '该玩家没有登记推送设备',
      platform: '平台',
      language: '语言',
      timezone: '时区',
      appVersion: '应用版本',
      token: '令牌',
      lastSeenAt: '最近登记',
      topics: '订阅的主题',
      noTopics: '未订阅任何主题',
    },
  },
};

const enUS: typeof zhCN = {
  push: {
    topic: { entity: 'push topic' },
    template: { entity: 'push template' },
    devices: {
      title: 'Devices',
      none: 'This player has registered no device for push',
      platform: 'Platform',
      language: 'Language',
      timezone: 'Time zone',
      appVersion: 'App version',
      token: 'Token',
      lastSeenAt: 'Last registered',
      topics: 'Topics',
      noTopics: 'No topic subscribed',
    },
  },
};

addTexts(zhCN, enUS);
