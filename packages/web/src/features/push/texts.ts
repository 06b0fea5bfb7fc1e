import { pushVariables } from '@rookery/contracts';
import { addTexts } from '../shared/texts';

/** `{nickname} {userId} …`: the variables a send fills in (the contracts' list), as the hints say them. */
const variables = pushVariables.map((v) => `{${v}}`).join(' ');

/** The push screens' texts (zh-CN first, en-US the same shape), added when one loads. */
const zhCN = {
  push: {
    topic: {
      entity: '推送主题',
      on: '启用',
      off: '停用',
      keyHint: '游戏订阅时使用的名称：以字母开头，可含字母、数字、_、.、-，保存后不能修改',
      enabledHint: '停用后游戏不能再订阅该主题；已订阅的玩家仍保留订阅',
    },
    template: {
      entity: '推送模板',
      variablesHint: `可用变量（发送时填入玩家的值）：${variables}`,
      deepLinkHint: '点击推送后打开的游戏内页面，可留空',
      deepLinkExample: 'mygame://shop/daily',
      imageHint: '以 https:// 开头的图片地址，可留空',
      imageExample: 'https://cdn.example.com/push/banner.png',
    },
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
    topic: {
      entity: 'push topic',
      on: 'Enabled',
      off: 'Disabled',
      keyHint:
        'The name the game subscribes with: a letter first, then letters, digits, _, . or -; it cannot change once saved',
      enabledHint: 'Once disabled the game can no longer subscribe players to it; players already subscribed keep it',
    },
    template: {
      entity: 'push template',
      variablesHint: `Variables a send fills in with the player's values: ${variables}`,
      deepLinkHint: 'The game page a tap on the push opens; may be empty',
      deepLinkExample: 'mygame://shop/daily',
      imageHint: 'An image address starting with https://; may be empty',
      imageExample: 'https://cdn.example.com/push/banner.png',
    },
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
