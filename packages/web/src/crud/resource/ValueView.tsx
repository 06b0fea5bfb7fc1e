import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../kit-texts';

/**
 * A stored value as an operator reads it: numbers with the locale's separators, yes/no, text, and
 * objects and lists as nested rows — never a JSON string (UX.md §4).
 */
export function ValueView({
  value,
  compact,
  label = (key) => key,
}: {
  value: unknown;
  compact?: boolean;
  /** How a field's name reads (e.g. a catalogue label); its name by default. */
  label?: (key: string) => string;
}) {
  const { t, i18n } = useTranslation();
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">{t('diff.empty')}</Typography.Text>;
  if (typeof value === 'number') return <>{new Intl.NumberFormat(i18n.language).format(value)}</>;
  if (typeof value === 'boolean') return <>{t(value ? 'common.yes' : 'common.no')}</>;
  if (typeof value !== 'object') return <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [`${i + 1}`, v] as const)
    : Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return <Typography.Text type="secondary">{t('diff.empty')}</Typography.Text>;
  if (compact)
    return (
      <Typography.Text type="secondary">
        {t(Array.isArray(value) ? 'resource.itemsCount' : 'resource.fieldsCount', { count: entries.length })}
      </Typography.Text>
    );
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={entries.map(([k, v]) => ({ key: k, label: label(k), children: <ValueView value={v} label={label} /> }))}
    />
  );
}
