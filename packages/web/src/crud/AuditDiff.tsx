import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { type ChangeRow, changesInWords, valueInWords } from './change-words';
import type { DiffRow } from './diff-rows';
import { SmallTable } from './SmallTable';
import './kit-texts';

const kindColor: Record<DiffRow['kind'], string> = {
  added: 'green',
  removed: 'red',
  changed: 'blue',
  moved: 'default',
};

function Value({ text }: { text?: string }) {
  if (text === undefined) return null;
  return <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</Typography.Text>;
}

/**
 * What changed between two versions of a record, one row per changed field in the operator's
 * words (see `change-words.ts`): the audit log's before/after, a player's data history, a
 * resource's version history and every publish confirmation show it this way. `labels` names
 * top-level fields as the screen does; the shared vocabulary names the rest.
 */
export function AuditDiff({
  before,
  after,
  changes,
  labels,
  skip,
}: {
  before?: unknown;
  after?: unknown;
  /** Changes worked out elsewhere (by the server, with its own labels), instead of before/after. */
  changes?: { label: string; before?: unknown; after?: unknown }[];
  labels?: (field: string) => string | undefined;
  /** Top-level fields the table leaves out: those the server owns (`serverOwnedFields`). */
  skip?: readonly string[];
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const words: ChangeRow[] = changes
    ? changes.map((c) => ({
        field: c.label,
        kind:
          c.before === null || c.before === undefined
            ? 'added'
            : c.after === null || c.after === undefined
              ? 'removed'
              : 'changed',
        before: c.before === null || c.before === undefined ? undefined : valueInWords(c.label, c.before, locale),
        after: c.after === null || c.after === undefined ? undefined : valueInWords(c.label, c.after, locale),
      }))
    : changesInWords(before, after, { locale, labels, skip });
  const rows = words.map((row, i) => ({ ...row, key: i }));
  return (
    <SmallTable
      data-testid="audit-diff"
      dataSource={rows}
      locale={{ emptyText: t('diff.none') }}
      columns={[
        { key: 'field', title: t('diff.field'), render: (_, row) => row.field || t('diff.whole') },
        {
          key: 'kind',
          title: t('diff.change'),
          render: (_, row) => <Tag color={kindColor[row.kind]}>{t(`diff.kinds.${row.kind}`)}</Tag>,
        },
        {
          key: 'before',
          title: t('diff.before'),
          render: (_, row) =>
            row.kind === 'moved' ? t('diff.position', { n: row.before }) : <Value text={row.before} />,
        },
        {
          key: 'after',
          title: t('diff.after'),
          render: (_, row) =>
            row.kind === 'moved' ? t('diff.position', { n: row.after }) : <Value text={row.after} />,
        },
      ]}
    />
  );
}
