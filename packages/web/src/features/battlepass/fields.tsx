import { type battlePassEndpoints, battlePassTrackLabels, type EndpointResponse, zhEn } from '@rookery/contracts';
import type { Field } from '../../crud/fields';
import { formatNumber, formatTime } from '../../crud/format';
import { currentLocale } from '../../i18n';
import './texts';

const stateColors = { scheduled: 'blue', active: 'green', ended: 'default' } as const;
export const seasonStateOptions = (['scheduled', 'active', 'ended'] as const).map((value) => ({
  value,
  label: `battlePass.states.${value}`,
  color: stateColors[value],
}));

/** A track's name in the console's language. */
export const trackLabel = (track: keyof typeof battlePassTrackLabels) => battlePassTrackLabels[track][currentLocale()];

/** The seasons list's columns. */
/** A season as the list answers it. */
export type SeasonRow = EndpointResponse<typeof battlePassEndpoints.listBattlePassSeasons>['list'][number];

export const seasonFields: Field<SeasonRow>[] = [
  { name: 'id', title: zhEn('编号', 'ID'), width: 80 },
  { name: 'name', title: 'battlePass.name' },
  { name: 'pass', title: 'battlePass.pass' },
  { name: 'state', title: 'battlePass.state', options: seasonStateOptions },
  { name: 'startAt', title: 'battlePass.startAt', kind: 'time' },
  { name: 'endAt', title: 'battlePass.endAt', kind: 'time' },
  {
    name: 'levels',
    title: 'battlePass.levelCount',
    kind: 'number',
    render: (row) => formatNumber(row.levels.length),
  },
  {
    name: 'mailedAt',
    title: 'battlePass.mailedAt',
    kind: 'time',
    render: (row, t) =>
      row.mailUnclaimed ? (row.mailedAt ? formatTime(row.mailedAt) : t('battlePass.notMailed')) : '-',
  },
];
