import { gameLabel, type MailScope } from '@rookery/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../crud/format';
import { currentLocale } from '../../i18n';
import './texts';

interface MailToSend {
  userIdInput?: string | null;
  conditions?: { attr: string; op: string; value: unknown }[] | null;
  reward?: { kind: string; amount: number }[] | null;
  effectiveAt?: string | null;
  expireAt?: string | null;
  notLoginDays?: number | null;
  maxTimes?: number | null;
}

/** A time in the operator's zone and in UTC, so a window is never misread across zones. */
const bothZones = (iso: string) => `${formatTime(iso)} (UTC ${iso.slice(0, 16).replace('T', ' ')})`;

/** How many distinct IDs a pasted list holds (one per line, or commas). */
export const countIds = (input: string | null | undefined) =>
  new Set((input ?? '').split(/[\s,]+/).filter(Boolean)).size;

/** What a mail send will do, in the operator's words: who gets it, when, and what it grants. */
export function MailConfirmation({ scope, mail }: { scope: MailScope; mail: MailToSend }) {
  const { t } = useTranslation();
  const conditions = mail.conditions ?? [];
  const audience =
    scope === 'personal'
      ? t('mail.confirm.personal', { count: countIds(mail.userIdInput) })
      : scope === 'comeback'
        ? t('mail.confirm.comeback', { days: mail.notLoginDays, times: mail.maxTimes })
        : conditions.length
          ? t('mail.confirm.matching', { count: conditions.length })
          : t('mail.confirm.everyone');
  const rule = (c: { attr: string; op: string; value: unknown }) =>
    `${t(`conditions.attrs.${c.attr}`)} ${t(`conditions.ops.${c.op}`)} ${Array.isArray(c.value) ? c.value.join(', ') : String(c.value)}`;
  const rewards = mail.reward ?? [];
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid="mail-confirmation"
      items={[
        {
          key: 'audience',
          label: t('mail.confirm.audience'),
          children: (
            <>
              <div>{audience}</div>
              {scope !== 'personal' &&
                conditions.map((c) => <div key={`${c.attr}-${c.op}-${String(c.value)}`}>· {rule(c)}</div>)}
            </>
          ),
        },
        {
          key: 'window',
          label: t('mail.confirm.window'),
          children: `${mail.effectiveAt ? bothZones(mail.effectiveAt) : t('mail.confirm.now')} → ${
            mail.expireAt ? bothZones(mail.expireAt) : t('mail.confirm.never')
          }`,
        },
        {
          key: 'rewards',
          label: t('mail.confirm.rewards'),
          children: rewards.length
            ? rewards
                .map((r) => `${gameLabel(r.kind, currentLocale())} × ${r.amount.toLocaleString(currentLocale())}`)
                .join(currentLocale() === 'zh-CN' ? '，' : ', ')
            : t('mail.confirm.noRewards'),
        },
      ]}
    />
  );
}
