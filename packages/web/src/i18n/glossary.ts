/**
 * The console's words (UX.md §7): one term per concept in each language, kept beside the i18n
 * catalogues. The product spec names the concepts (freeze and unfreeze an account, ban a device,
 * chat ban, blacklist, recall a mail, comeback mail…); the Chinese is the operators' own. A
 * catalogue text that talks about a concept uses its term, never one of the `avoid` words —
 * `glossary.test.ts` reads every catalogue and says where one slipped in.
 *
 * Data only (no imports): the console does not load it; the test and the people writing texts do.
 */
export interface GlossaryTerm {
  /** What it is, in a few English words. */
  concept: string;
  zh: string;
  en: string;
  /** Words that mean something else here, or are the internal name: never in a catalogue. */
  avoid?: { zh?: readonly string[]; en?: readonly RegExp[] };
  note?: string;
}

export const glossary: readonly GlossaryTerm[] = [
  {
    concept: 'freeze a player account (no game login until unfrozen or the end time)',
    zh: '冻结',
    en: 'freeze',
    avoid: { zh: ['封禁玩家', '封禁账号', '封禁列表'], en: [/\bban (players|accounts?)\b/i, /\bban list\b/i] },
    note: 'An account is frozen, a device is banned: the spec’s “ban list” of accounts is the frozen players.',
  },
  {
    concept: 'unfreeze a player account',
    zh: '解冻',
    en: 'unfreeze',
    avoid: { zh: ['解封'], en: [/\bunban (players|accounts?)\b/i] },
  },
  {
    concept: 'ban a device (no game login from it)',
    zh: '封禁',
    en: 'ban',
    note: 'Only devices (and guilds) are banned; players are frozen or chat-banned.',
  },
  { concept: 'lift a device ban', zh: '解除封禁', en: 'lift the ban' },
  { concept: 'chat ban (may not speak until an end time)', zh: '禁言', en: 'chat ban' },
  { concept: 'lift a chat ban', zh: '解除禁言', en: 'lift the chat ban' },
  { concept: 'blacklist (no free rewards, no leaderboards)', zh: '黑名单', en: 'blacklist' },
  {
    concept: 'the times a player was forced out of the game (their session ended by the console)',
    zh: '强制下线次数',
    en: 'forced sign-outs',
    avoid: { zh: ['会话序号', '会话纪元'], en: [/session epoch/i] },
  },
  { concept: 'end a player’s game session now', zh: '踢下线', en: 'sign out of the game' },
  { concept: 'clear a player’s data (back to the initial state)', zh: '清除数据', en: 'clear data' },
  { concept: 'deduct resources from a player', zh: '扣除资源', en: 'deduct resources' },
  { concept: 'migrate an account (social ID and save to another)', zh: '迁移账号', en: 'migrate account' },
  { concept: 'copy an account’s save onto another', zh: '复制账号', en: 'copy account' },
  { concept: 'suspicious player (a save broke a plausibility rule)', zh: '可疑玩家', en: 'suspicious player' },
  { concept: 'save snapshot', zh: '存档快照', en: 'save snapshot' },
  { concept: 'personal mail (to listed players)', zh: '个人邮件', en: 'personal mail' },
  { concept: 'global mail (to every player, or those matching conditions)', zh: '全服邮件', en: 'global mail' },
  {
    concept: 'comeback mail (to players returning after days away)',
    zh: '回流邮件',
    en: 'comeback mail',
    avoid: { zh: ['回归邮件'] },
  },
  { concept: 'recall a mail (players no longer see it)', zh: '撤回', en: 'recall' },
  { concept: 'reward template', zh: '奖励模板', en: 'reward template' },
  { concept: 'staff role that passes every check', zh: '全部权限', en: 'all permissions' },
  { concept: 'the audit log of staff actions', zh: '系统日志', en: 'system log' },
];
