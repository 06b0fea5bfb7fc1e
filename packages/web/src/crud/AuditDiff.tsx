import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DiffRow, diffRows, pathLabel } from './diff-rows';
import './kit-texts';

const kindColor: Record<DiffRow['kind'], string> = {
  added: 'green',
  removed: 'red',
  changed: 'blue',
  moved: 'default',
};

function Value({ value }: { value: unknown }) {
  const { t, i18n } = useTranslation();
  if (value === undefined) return null;
  if (value === null || value === '') return <Typography.Text type="secondary">{t('diff.empty')}</Typography.Text>;
  if (typeof value === 'boolean') return <>{t(value ? 'common.yes' : 'common.no')}</>;
  if (typeof value === 'number') return <>{new Intl.NumberFormat(i18n.language).format(value)}</>;
  if (Array.isArray(value)) return <>{value.map(String).join(', ') || t('diff.empty')}</>;
  if (typeof value === 'object') return <>{t('diff.empty')}</>;
  return <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{String(value)}</Typography.Text>;
}

/**
 * What changed between two versions of a record, one row per changed field: the audit log's
 * before/after, a player's data history and a resource's version history all show it this way.
 * `labels` names top-level fields in the operator's words.
 */
export function AuditDiff({
  before,
  after,
  changes,
  labels,
}: {
  before?: unknown;
  after?: unknown;
  /** Changes worked out elsewhere (e.g. by the server, with its own labels), instead of before/after. */
  changes?: DiffRow[];
  labels?: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const rows = (changes ?? diffRows(before, after)).map((row, i) => ({ ...row, key: i }));
  return (
    <Table
      size="small"
      pagination={false}
      data-testid="audit-diff"
      dataSource={rows}
      locale={{ emptyText: t('diff.none') }}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'field',
          title: t('diff.field'),
          render: (_, row) => (row.path.length ? pathLabel(row.path, labels) : t('diff.whole')),
        },
        {
          key: 'kind',
          title: t('diff.change'),
          render: (_, row) => <Tag color={kindColor[row.kind]}>{t(`diff.kinds.${row.kind}`)}</Tag>,
        },
        {
          key: 'before',
          title: t('diff.before'),
          render: (_, row) =>
            row.kind === 'moved' ? t('diff.position', { n: Number(row.before) + 1 }) : <Value value={row.before} />,
        },
        {
          key: 'after',
          title: t('diff.after'),
          render: (_, row) =>
            row.kind === 'moved' ? t('diff.position', { n: Number(row.after) + 1 }) : <Value value={row.after} />,
        },
      ]}
    />
  );
}
