import { richTextTags } from '@rookery/contracts';
import { addTexts } from '../shared/texts';

/** The tags a body may use (the contracts' whitelist), as the hint says them. */
const tags = richTextTags.map((tag) => `<${tag}>`).join(' ');

/** The announcement screens' texts (zh-CN first, en-US the same shape), added when one loads. */
const zhCN = {
  announcement: {
    entity: '公告',
    everyone: '所有玩家',
    conditionsCount: '{{count}} 个条件',
    conditionsCount_one: '{{count}} 个条件',
    bodyHint: `可用标签：${tags}；链接只能是 https 地址。其他标签和属性不会保存。`,
    preview: '玩家看到的样子',
    imageHint: '以 https:// 开头的图片地址，可留空',
    imageExample: 'https://cdn.example.com/notice/banner.png',
    priorityHint: '0–1000，数字大的排在前面；相同时新的在前',
    templateHint: '选择模板后，用模板的类型、标题、正文、图片和优先级填写下面的内容（仍可修改）',
    templateRecord: '记录这条公告来自哪个模板；之后修改模板不会改变这条公告',
    templateApplied: '已按模板 {{name}} 填写',
    confirm: {
      title: '发布公告？',
      ok: '确认发布',
      statement: '保存后，这条{{kind}}在生效时间内对条件选中的玩家显示。',
      window: '没有设置生效时间则立即开始，没有结束时间则一直显示。',
    },
    template: {
      entity: '公告模板',
      nameHint: '以字母开头，可含字母、数字、_、.、-，保存后不能修改',
    },
    notice: {
      entity: '常驻公告',
      on: '启用',
      off: '停用',
      keyHint: '以字母开头，可含字母、数字、_、.、-，保存后不能修改',
      appVersionHint: '这份更新说明对应的应用版本：该版本的玩家首次打开游戏时显示一次',
      enabledHint: '停用后游戏不再收到这条公告',
      confirmTitle: '发布常驻公告 {{key}}？',
      confirmLogin: '保存后，所有玩家在登录界面看到这条公告（在生效时间内；多条时显示最新的一条）。',
      confirmNotes: '保存后，应用版本 {{version}} 的玩家下次打开游戏时看到这份更新说明，每人一次。',
    },
  },
};

const enUS: typeof zhCN = {
  announcement: {
    entity: 'announcement',
    everyone: 'Every player',
    conditionsCount: '{{count}} conditions',
    conditionsCount_one: '1 condition',
    bodyHint: `Tags it may use: ${tags}; links only to https addresses. Other tags and attributes are not saved.`,
    preview: 'As players see it',
    imageHint: 'An image address starting with https://, or empty',
    imageExample: 'https://cdn.example.com/notice/banner.png',
    priorityHint: '0–1000; higher comes first, and the newest among equals',
    templateHint:
      'Picking a template fills the kind, titles, bodies, image and priority below from it (you can still change them)',
    templateRecord: 'Which template this announcement started from; changing the template later does not change it',
    templateApplied: 'Filled in from template {{name}}',
    confirm: {
      title: 'Publish the announcement?',
      ok: 'Publish',
      statement: 'Once saved, this {{kind}} shows to the players its conditions select, inside its window.',
      window: 'Without a start it begins at once; without an end it stays.',
    },
    template: {
      entity: 'announcement template',
      nameHint: 'Starts with a letter; letters, digits, _, . and -; cannot change once saved',
    },
    notice: {
      entity: 'standing notice',
      on: 'On',
      off: 'Off',
      keyHint: 'Starts with a letter; letters, digits, _, . and -; cannot change once saved',
      appVersionHint: 'The app version these notes describe: shown once to a player the first time they open it',
      enabledHint: 'Turned off, the game no longer receives it',
      confirmTitle: 'Publish standing notice {{key}}?',
      confirmLogin:
        'Once saved, every player sees this notice on the login screen (inside its window; the newest if there are several).',
      confirmNotes:
        'Once saved, players on app version {{version}} see these update notes the next time they open the game, once each.',
    },
  },
};

addTexts(zhCN, enUS);
