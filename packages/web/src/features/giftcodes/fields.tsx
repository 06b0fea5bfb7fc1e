import {
  type GiftCodeBatch,
  type GiftCodeRedemption,
  giftCodeBatchStates,
  giftCodeKinds,
  operatingSystemLabels,
} from '@rookery/contracts';
import { Space } from 'antd';
import type { Field } from '../../crud/fields';
import { formatNumber } from '../../crud/format';
import { ConditionsView, RewardsView } from '../shared/RecordViews';
import { rewardsText } from '../shared/RewardsEditor';
import { ExportCodes } from './BatchCodes';
import './texts';

const stateColors = {
  scheduled: 'blue',
  active: 'green',
  expired: 'default',
  usedUp: 'orange',
  disabled: 'red',
} as const;
export const batchStateOptions = giftCodeBatchStates.map((value) => ({
  value,
  label: `giftCode.states.${value}`,
  color: stateColors[value],
}));
const kindOptions = giftCodeKinds.map((value) => ({ value, label: `giftCode.kinds.${value}` }));

/** Batches: search by name, state and kind; the counts the server computed. */
export const batchFields: Field<GiftCodeBatch>[] = [
  { name: 'id', title: 'giftCode.id', width: 80 },
  { name: 'name', title: 'giftCode.name', search: 'text' },
  { name: 'kind', title: 'giftCode.kind', search: 'select', options: kindOptions },
  {
    name: 'code',
    title: 'giftCode.code',
    // A unique batch has no one code: its count of codes, and in the detail their export.
    render: (row, t) => row.code ?? t('giftCode.uniqueCodes', { n: formatNumber(row.generated) }),
    detailRender: (row, t) =>
      row.code ?? (
        <Space wrap>
          {t('giftCode.uniqueCodes', { n: formatNumber(row.generated) })}
          <ExportCodes batch={row} testId="giftcode-detail-export" />
        </Space>
      ),
  },
  { name: 'state', title: 'giftCode.state', search: 'select', options: batchStateOptions },
  { name: 'total', title: 'giftCode.total', kind: 'number' },
  { name: 'claimed', title: 'giftCode.claimed', kind: 'number' },
  { name: 'remaining', title: 'giftCode.remaining', kind: 'number' },
  {
    name: 'rewards',
    title: 'giftCode.rewards',
    render: (row) => rewardsText(row.rewards),
    detailRender: (row) => <RewardsView rewards={row.rewards} />,
  },
  { name: 'startAt', title: 'giftCode.startAt', kind: 'time' },
  { name: 'endAt', title: 'giftCode.endAt', kind: 'time' },
  { name: 'perPlayerLimit', title: 'giftCode.perPlayerLimit', kind: 'number', column: false },
  {
    name: 'conditions',
    title: 'giftCode.conditions',
    column: false,
    render: (row) => <ConditionsView conditions={row.conditions} />,
  },
  {
    name: 'platforms',
    title: 'giftCode.platforms',
    column: false,
    // None chosen is every platform: said so, not left empty.
    render: (row, t) =>
      row.platforms.length ? row.platforms.map((p) => operatingSystemLabels[p]).join(', ') : t('giftCode.allPlatforms'),
  },
  {
    name: 'channels',
    title: 'giftCode.channels',
    column: false,
    render: (row, t) => (row.channels.length ? row.channels.join(', ') : t('giftCode.allChannels')),
  },
  { name: 'createdBy', title: 'giftCode.createdBy', column: false },
  { name: 'createdAt', title: 'giftCode.createdAt', kind: 'time', column: false },
];

/** Redemptions: by player, by code, of a batch. */
export const redemptionFields: Field<GiftCodeRedemption>[] = [
  { name: 'id', title: 'giftCode.id', width: 80 },
  { name: 'userId', title: 'giftCode.user.userId', search: 'text' },
  { name: 'code', title: 'giftCode.code', search: 'text' },
  { name: 'batchId', title: 'giftCode.user.batchId', search: 'text' },
  { name: 'batchName', title: 'giftCode.user.batchName' },
  {
    name: 'rewards',
    title: 'giftCode.rewards',
    render: (row) => rewardsText(row.rewards),
    detailRender: (row) => <RewardsView rewards={row.rewards} />,
  },
  { name: 'redeemedAt', title: 'giftCode.user.redeemedAt', kind: 'time' },
];
