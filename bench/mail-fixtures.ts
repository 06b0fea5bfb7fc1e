import { conditionsSchema, type MailBody, mailBodySchema } from '@rookery/contracts';
import { createMail } from '../packages/server/src/modules/mail/mails.js';
import type { Database } from '../packages/server/src/platform/db/client.js';

/** Mails for the mail benchmarks: global mails with varied conditions and personal mails. */

const texts = {
  title: { 'zh-CN': '活动奖励', 'en-US': 'Event reward' },
  content: { 'zh-CN': '感谢参与本次活动，请查收奖励。', 'en-US': 'Thanks for playing the event; here is your reward.' },
};
const countries = ['US', 'CN', 'JP', 'DE', 'BR', 'KR', 'FR', 'GB'];
const in30Days = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

/** The i-th of a varied set of global-mail conditions: some select many players, some few, some none. */
function variedConditions(i: number): MailBody['conditions'] {
  const raw = [
    [],
    [{ attr: 'country', op: 'include', value: [countries[i % 8], countries[(i + 3) % 8]] }],
    [{ attr: 'appVersion', op: 'gte', value: `1.${i % 4}.0` }],
    [
      { attr: 'os', op: 'equal', value: i % 2 ? 'ios' : 'android' },
      { attr: 'habitatCount', op: 'gte', value: i % 9 },
    ],
    [{ attr: 'userType', op: 'equal', value: i % 2 ? 'payment' : 'all' }],
    [
      { attr: 'appLanguage', op: 'exclude', value: ['ja', 'ko'] },
      { attr: 'notLoginDays', op: 'lte', value: 30 },
    ],
  ][i % 6];
  return conditionsSchema.parse(raw);
}

export function globalMailBody(i: number): MailBody {
  return mailBodySchema.parse({
    mailScope: 'global',
    ...texts,
    reward: [{ kind: 'coin', amount: 100 + i }],
    conditions: variedConditions(i),
    expireAt: in30Days(),
  });
}

/** Send as the console does: one transaction per mail. */
export const sendMail = (database: Database, body: MailBody) =>
  database.db.transaction((tx) => createMail(tx, body, 'bench', 'en-US', new Date()));

export async function sendGlobalMails(database: Database, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await sendMail(database, globalMailBody(i));
}

/** `count` personal mails, each to every player in `userIds`. */
export async function sendPersonalMails(database: Database, count: number, userIds: number[]): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const body = mailBodySchema.parse({
      mailScope: 'personal',
      ...texts,
      userIdInput: userIds.join('\n'),
      reward: [{ kind: 'gem', amount: 1 + i }],
      expireAt: in30Days(),
    });
    await sendMail(database, body);
  }
}
