import { type ConditionRule, type Mail, type MailTemplate, mailStates } from '@rookery/contracts';
import type { Field } from '../../crud/fields';
import { currentLocale } from '../../i18n';
import { ConditionsView, LocalizedTextsView, RewardsView } from '../shared/RecordViews';
import { rewardsText } from '../shared/RewardsEditor';
import './texts';

/** A mail text in the console's language, else any language it has. */
export function localText(texts: Record<string, string> | null | undefined): string {
  if (!texts) return '-';
  return texts[currentLocale()] ?? Object.values(texts)[0] ?? '-';
}

type Texts = Record<string, string> | null | undefined;

/** A mail's or template's title (in the console's language in the table, every language in the detail) and content. */
function localizedTextFields<T extends { title: Texts; content: Texts }>(search?: 'text'): Field<T>[] {
  return [
    {
      name: 'title',
      title: 'mail.title',
      search,
      render: (row) => localText(row.title),
      detailRender: (row) => <LocalizedTextsView texts={row.title} />,
    },
    {
      name: 'content',
      title: 'mail.content',
      column: false,
      render: (row) => <LocalizedTextsView texts={row.content} />,
    },
  ];
}

const stateColors = { scheduled: 'blue', active: 'green', expired: 'default', recalled: 'red' } as const;
export const mailStateOptions = mailStates.map((value) => ({
  value,
  label: `mail.states.${value}`,
  color: stateColors[value],
}));

/** Mails of one scope: search by title and state; columns per scope. */
export function mailFields(scope: Mail['mailScope']): Field<Mail>[] {
  return [
    { name: 'id', title: 'mail.id', width: 80 },
    ...localizedTextFields<Mail>('text'),
    { name: 'state', title: 'mail.state', search: 'select', options: mailStateOptions },
    {
      name: 'reward',
      title: 'mail.reward',
      render: (row) => rewardsText(row.reward),
      detailRender: (row) => <RewardsView rewards={row.reward} />,
    },
    ...(scope === 'personal'
      ? [{ name: 'recipientCount', title: 'mail.recipientCount', kind: 'number' } satisfies Field<Mail>]
      : [
          {
            name: 'conditions',
            title: 'mail.conditions',
            column: false,
            render: (row) => <ConditionsView conditions={row.conditions as ConditionRule[]} />,
          } satisfies Field<Mail>,
        ]),
    ...(scope === 'comeback'
      ? ([
          { name: 'notLoginDays', title: 'mail.notLoginDays', kind: 'number' },
          { name: 'maxTimes', title: 'mail.maxTimes' },
        ] satisfies Field<Mail>[])
      : []),
    { name: 'effectiveAt', title: 'mail.effectiveAt', kind: 'time' },
    { name: 'expireAt', title: 'mail.expireAt', kind: 'time' },
    { name: 'iapId', title: 'mail.iapId', column: false },
    { name: 'createdBy', title: 'mail.createdBy' },
    { name: 'createAt', title: 'mail.createAt', kind: 'time', column: false },
  ];
}

export const mailTemplateFields: Field<MailTemplate>[] = [
  { name: 'id', title: 'mail.id', width: 80 },
  { name: 'name', title: 'mail.templateName', search: 'text', filter: 'searchName' },
  ...localizedTextFields<MailTemplate>(),
  { name: 'createdBy', title: 'mail.createdBy' },
  { name: 'updateAt', title: 'mail.createAt', kind: 'time' },
];

export const rewardTemplateFields: Field<MailTemplate>[] = [
  { name: 'id', title: 'mail.id', width: 80 },
  { name: 'name', title: 'mail.templateName', search: 'text', filter: 'searchName' },
  {
    name: 'reward',
    title: 'mail.reward',
    render: (row) => rewardsText(row.reward),
    detailRender: (row) => <RewardsView rewards={row.reward} />,
  },
  { name: 'createdBy', title: 'mail.createdBy' },
  { name: 'updateAt', title: 'mail.createAt', kind: 'time' },
];
