import {
  operatingSystemLabel,
  otherOperatingSystem,
  type PlayerStatus,
  type PlayerSummary,
  pathTo,
  playerStatuses,
  playerUserTypes,
} from '@rookery/contracts';
import { Link } from 'react-router';
import type { Field } from '../../crud/fields';
import { formatTime } from '../../crud/format';

const statusColors: Record<PlayerStatus, string> = { normal: 'green', frozen: 'red' };

/** Coded values from contracts, shown by their labels (added to the texts from contracts too). */
export const playerStatusOptions = playerStatuses.map((value) => ({
  value,
  label: `players.statuses.${value}`,
  color: statusColors[value],
}));

const userTypeOptions = playerUserTypes.map((value) => ({
  value,
  label: `players.userTypes.${value}`,
  color: value === 'payment' ? 'gold' : undefined,
}));

export const detailPath = (userId: number) => pathTo('gameUserDetail', undefined, { userId });

/** A player summary: one list for the columns and the detail drawer of every player listing. */
export const playerFields: Field<PlayerSummary>[] = [
  {
    name: 'userId',
    title: 'players.userId',
    sorter: true,
    render: (row) => (
      <Link to={detailPath(row.userId)} data-testid="player-link">
        {row.userId}
      </Link>
    ),
  },
  { name: 'socialId', title: 'players.socialId' },
  { name: 'deviceId', title: 'players.deviceId' },
  { name: 'anonymousId', title: 'players.anonymousId', column: false },
  { name: 'deviceModel', title: 'players.deviceModel', column: false },
  {
    name: 'os',
    title: 'players.os',
    // A system outside the vocabulary is stored as `other` (what was sent is on the player's page).
    render: (row, t) => (row.os === otherOperatingSystem ? t('players.osNames.other') : operatingSystemLabel(row.os)),
  },
  { name: 'appVersion', title: 'players.appVersion' },
  { name: 'language', title: 'players.language', column: false },
  { name: 'country', title: 'players.country' },
  { name: 'status', title: 'players.status', options: playerStatusOptions },
  { name: 'frozenReason', title: 'players.frozenReason', column: false },
  {
    name: 'frozenUntil',
    title: 'players.frozenUntil',
    column: false,
    // A freeze without an end is permanent, not "-".
    render: (row, t) =>
      row.status === 'frozen' && !row.frozenUntil ? t('players.permanent') : formatTime(row.frozenUntil),
  },
  { name: 'chatBannedUntil', title: 'players.chatBannedUntil', kind: 'time', column: false },
  { name: 'chatBanReason', title: 'players.chatBanReason', column: false },
  { name: 'blacklisted', title: 'players.blacklisted', kind: 'boolean', column: false },
  { name: 'blacklistReason', title: 'players.blacklistReason', column: false },
  { name: 'userType', title: 'players.userType', options: userTypeOptions },
  { name: 'habitatCount', title: 'players.habitatCount', kind: 'number', column: false },
  { name: 'saveCount', title: 'players.saveCount', kind: 'number', sorter: true },
  { name: 'firstLoginAt', title: 'players.firstLoginAt', kind: 'time', sorter: true, column: false },
  { name: 'lastLoginAt', title: 'players.lastLoginAt', kind: 'time', sorter: true },
];

/** Only these columns, in this order (a moderation list shows what it is about). */
export const pickFields = (names: string[], extra: Field<PlayerSummary>[] = []): Field<PlayerSummary>[] => [
  ...names.map((n) => ({ ...playerFields.find((f) => f.name === n)!, column: true })),
  ...extra,
];

/** The user ID a search form holds, when it holds one (lists of one player stay empty until then). */
export function userIdFilter(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
