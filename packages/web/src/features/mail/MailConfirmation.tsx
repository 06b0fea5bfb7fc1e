import {
  type AudienceCount,
  audienceEndpoints,
  type ConditionRule,
  conditionAttributeLabels,
  gameLabel,
  type MailScope,
  mailEndpoints,
} from '@rookery/contracts';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { ruleInWords } from '../../crud/change-words';
import { formatTime } from '../../crud/format';
import { TypeToConfirm, useHoldConfirm } from '../../crud/TypeToConfirm';
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

/** How many IDs a personal mail lists and which are not players; holds the send while any are unknown. */
function PersonalRecipients({ userIdInput }: { userIdInput: string }) {
  const { t } = useTranslation();
  const check = useEndpointQuery(mailEndpoints.checkMailRecipients, { body: { userIdInput } }, { retry: false });
  const unknown = check.data?.unknown ?? [];
  useHoldConfirm(!check.data || unknown.length > 0);
  if (check.isError) return <Alert type="error" showIcon title={t('mail.confirm.checkFailed')} />;
  if (!check.data) return <div>{t('mail.confirm.checking')}</div>;
  const n = (x: number) => x.toLocaleString(currentLocale());
  const shown = unknown.slice(0, 50);
  return (
    <div data-testid="mail-recipients-check">
      <div>
        {t('mail.confirm.personalRead', { count: check.data.read, n: n(check.data.read) })}
        {unknown.length === 0 && `: ${t('mail.confirm.allKnown')}`}
      </div>
      {unknown.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="mail-unknown-ids"
          title={t('mail.confirm.unknownIds', { count: unknown.length, n: n(unknown.length) })}
          description={`${shown.join(', ')}${
            unknown.length > shown.length
              ? ` ${t('mail.confirm.moreIds', { n: n(unknown.length - shown.length) })}`
              : ''
          }`}
        />
      )}
    </div>
  );
}

/**
 * How many players a global mail's conditions select now ("all players (N)" without conditions,
 * where the operator types N to confirm), or how many are away long enough for a comeback mail
 * now. Holds the send while counting.
 */
function AudienceSize({
  scope,
  conditions,
  notLoginDays,
}: {
  scope: 'global' | 'comeback';
  conditions: ConditionRule[];
  notLoginDays?: number | null;
}) {
  const { t } = useTranslation();
  const rules: ConditionRule[] =
    scope === 'comeback' && notLoginDays
      ? [...conditions, { attr: 'notLoginDays', op: 'gte', value: notLoginDays }]
      : conditions;
  const counted = useEndpointQuery(audienceEndpoints.countAudience, { body: { conditions: rules } }, { retry: false });
  useHoldConfirm(counted.isPending);
  const everyone = scope === 'global' && conditions.length === 0;
  const size = (c: AudienceCount, n: number) => {
    const text = n.toLocaleString(currentLocale());
    return c.estimate ? t('mail.confirm.about', { n: text }) : text;
  };
  let line: string;
  if (counted.isPending) line = t('mail.confirm.counting');
  else if (!counted.data) line = t('mail.confirm.countFailed');
  else if (everyone) line = t('mail.confirm.everyoneCount', { n: size(counted.data, counted.data.total) });
  else if (scope === 'global')
    line = t('mail.confirm.matchingCount', { count: conditions.length, n: size(counted.data, counted.data.count) });
  else line = t('mail.confirm.comebackNow', { days: notLoginDays, n: size(counted.data, counted.data.count) });
  return (
    <>
      <div data-testid="mail-audience-size">{line}</div>
      {everyone && !counted.isPending && (
        <TypeToConfirm expected={counted.data ? counted.data.total : t('mail.confirm.allWord')} />
      )}
    </>
  );
}

/** What a mail send will do, in the operator's words: who gets it, when, and what it grants. */
export function MailConfirmation({ scope, mail }: { scope: MailScope; mail: MailToSend }) {
  const { t } = useTranslation();
  const conditions = (mail.conditions ?? []) as ConditionRule[];
  // Global mail: the size line says it all ("all players (N)" or the conditions and the count).
  const audience =
    scope === 'comeback' ? t('mail.confirm.comeback', { days: mail.notLoginDays, times: mail.maxTimes }) : null;
  const rule = (c: ConditionRule) =>
    `${conditionAttributeLabels[c.attr]?.[currentLocale()] ?? c.attr} ${ruleInWords(c, currentLocale())}`;
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
              {audience && <div>{audience}</div>}
              {scope === 'personal' ? (
                <PersonalRecipients userIdInput={mail.userIdInput ?? ''} />
              ) : (
                <AudienceSize scope={scope} conditions={conditions} notLoginDays={mail.notLoginDays} />
              )}
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
