import {
  type Locale,
  ledgerEndpoints,
  ledgerSourceLabels,
  ledgerSources,
  resourceCatalogue,
  resourceKinds,
  zhEn,
} from '@rookery/contracts';
import type { Field } from '../../crud/fields';
import { formatNumber } from '../../crud/format';
import { ListPage, type ListRow } from '../../crud/ListPage';
import { currentLocale } from '../../i18n';

const titles = {
  at: zhEn('时间', 'Time'),
  kind: zhEn('资源', 'Resource'),
  delta: zhEn('变化', 'Change'),
  balance: zhEn('变化后余额', 'Balance after'),
  source: zhEn('来源', 'Source'),
  sourceId: zhEn('来源编号', 'Source reference'),
  empty: zhEn('没有资源流水', 'No ledger rows'),
};

/** A resource's name in the console's language; a kind the catalogue no longer has shows as stored. */
const kindName = (kind: string, locale: Locale) =>
  Object.hasOwn(resourceCatalogue, kind)
    ? resourceCatalogue[kind as keyof typeof resourceCatalogue].label[locale]
    : kind;

type LedgerEntry = ListRow<typeof ledgerEndpoints.listPlayerLedger>;

const fields: Field<LedgerEntry>[] = [
  { name: 'at', title: titles.at, kind: 'time', search: 'timeRange', width: 180 },
  {
    name: 'kind',
    title: titles.kind,
    search: 'select',
    options: resourceKinds.map((value) => ({ value, label: resourceCatalogue[value].label })),
    render: (row) => kindName(row.kind, currentLocale()),
  },
  {
    name: 'delta',
    title: titles.delta,
    kind: 'number',
    render: (row) => (
      <span style={{ color: row.delta < 0 ? '#a8071a' : '#135200' }}>
        {row.delta > 0 ? '+' : ''}
        {formatNumber(row.delta)}
      </span>
    ),
  },
  { name: 'balance', title: titles.balance, kind: 'number' },
  {
    name: 'source',
    title: titles.source,
    search: 'select',
    options: ledgerSources.map((value) => ({ value, label: ledgerSourceLabels[value] })),
  },
  { name: 'sourceId', title: titles.sourceId },
];

/**
 * A player's resource ledger, newest first: every change of a resource with its source, filtered
 * by resource, source and time, paged by key (the ledger is large).
 */
export default function PlayerLedgerTab({ userId }: { userId: number }) {
  return (
    <ListPage
      endpoint={ledgerEndpoints.listPlayerLedger}
      query={{ userId }}
      urlPrefix="ledger"
      paging="keyset"
      fields={fields}
      empty={titles.empty}
      testId="player-ledger"
    />
  );
}
