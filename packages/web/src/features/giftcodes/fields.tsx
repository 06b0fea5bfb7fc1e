import { type GiftCodeBatch, type GiftCodeRedemption, giftCodeBatchStates, giftCodeKinds } from '@rookery/contracts';
import type { Field } from '../../crud/fields';
import { ConditionsView, RewardsView } from '../shared/RecordViews';
import { rewardsText } from '../shared/RewardsEditor';
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
  { name: 'code', title: 'giftCode.code' },
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
  { name: 'platforms', title: 'giftCode.platforms', kind: 'list', column: false },
  { name: 'channels', title: 'giftCode.channels', kind: 'list', column: false },
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
