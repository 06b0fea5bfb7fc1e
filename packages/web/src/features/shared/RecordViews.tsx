import { type ConditionRule, conditionAttributeLabels, gameLabel } from '@rookery/contracts';
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleInWords } from '../../crud/change-words';
import { formatNumber, languageName } from '../../crud/format';
import { currentLocale } from '../../i18n';
import './texts';

/** Structured values of a record as readable rows (UX.md §4), never a JSON string. */
function Rows({ items, testId }: { items: { key: string; label: ReactNode; value: ReactNode }[]; testId: string }) {
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid={testId}
      items={items.map((i) => ({ key: i.key, label: i.label, children: i.value }))}
    />
  );
}

/** One text per language (a mail's titles or contents): a row per language, named in the UI language. */
export function LocalizedTextsView({ texts }: { texts: Record<string, string> | null | undefined }) {
  const entries = Object.entries(texts ?? {});
  if (!entries.length) return <>-</>;
  return (
    <Rows
      testId="texts-view"
      items={entries.map(([lang, text]) => ({
        key: lang,
        label: languageName(lang),
        value: <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>,
      }))}
    />
  );
}

/** Rewards: a row per item with its amount. */
export function RewardsView({ rewards }: { rewards: readonly { kind: string; amount: number }[] | null | undefined }) {
  if (!rewards?.length) return <>-</>;
  const locale = currentLocale();
  return (
    <Rows
      testId="rewards-view"
      items={rewards.map((r, i) => ({
        key: `${r.kind}-${i}`,
        label: gameLabel(r.kind, locale),
        value: formatNumber(r.amount),
      }))}
    />
  );
}

/** A mail's (or any audience's) conditions: a row per rule, "OS · equals · iOS"; none means every player. */
export function ConditionsView({ conditions }: { conditions: readonly ConditionRule[] | null | undefined }) {
  const { t } = useTranslation();
  if (!conditions?.length) return <>{t('conditions.none')}</>;
  return (
    <Rows
      testId="conditions-view"
      items={conditions.map((rule, i) => ({
        key: `${rule.attr}-${i}`,
        label: conditionAttributeLabels[rule.attr]?.[currentLocale()] ?? rule.attr,
        value: <span style={{ whiteSpace: 'pre-wrap' }}>{ruleInWords(rule, currentLocale())}</span>,
      }))}
    />
  );
}
