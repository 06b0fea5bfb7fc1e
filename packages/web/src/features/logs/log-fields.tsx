import { type LogKind, type logEndpoints, logKinds, logLevels, pathTo } from '@rookery/contracts';
import { Typography } from 'antd';
import { Link } from 'react-router';
import type { Field } from '../../crud/fields';
import type { ListRow } from '../../crud/ListPage';
import { ValueView } from '../../crud/resource/ValueView';
import './texts';

/** Level colours: errors stand out, debug fades. */
const levelColor: Record<string, string> = {
  debug: 'default',
  info: 'blue',
  warn: 'orange',
  error: 'red',
  fatal: 'magenta',
};

/** A player's ID as a link to the player. */
const playerLink = (userId: number | null) =>
  userId ? <Link to={pathTo('gameUserDetail', undefined, { userId })}>{userId}</Link> : '-';

/** Where a log entry or incident came from (game client, console front end, server), searched by a pick. */
export const logKindField = {
  name: 'kind',
  title: 'logs.kind',
  search: 'select',
  options: logKinds.map((value) => ({ value, label: `logs.kinds.${value}` })),
} satisfies Field<{ kind: LogKind }>;

/** A log entry as the list receives it. */
type LogEntry = ListRow<typeof logEndpoints.logList>;

/**
 * How every log list pages: by key (newest first), opening on the last hour when the address names
 * no window (spec §5 shortcut), and saying so when the window holds nothing.
 */
export const logPaging = { paging: 'keyset', recentMinutes: 60, empty: 'logs.empty' } as const;

/** Field names split into words for the meta rows. */
const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * The fields of a log entry: search form, columns and the detail drawer (every stored part of the
 * entry as a labelled row; the stack as preformatted text, the meta as rows). `kind` fixed: its
 * filter and column are left out.
 */
export function logFields(kind?: LogKind): Field<LogEntry>[] {
  const fields: (Field<LogEntry> | false)[] = [
    { name: 'time', title: 'logs.time', search: 'timeRange', column: false, detail: false },
    { name: 'at', title: 'logs.at', kind: 'time', width: 170 },
    !kind && logKindField,
    {
      name: 'level',
      title: 'logs.level',
      search: 'select',
      options: logLevels.map((value) => ({ value, label: `logs.levels.${value}`, color: levelColor[value] })),
    },
    { name: 'message', title: 'logs.message', width: 420, ellipsis: true },
    { name: 'q', title: 'logs.q', search: 'text', column: false, detail: false },
    kind !== 'frontend' &&
      kind !== 'server' && {
        name: 'userId',
        title: 'logs.userId',
        search: 'text',
        render: (row) => playerLink(row.userId),
      },
    kind !== 'frontend' && kind !== 'server' && { name: 'appVersion', title: 'logs.appVersion', search: 'text' },
    kind !== 'frontend' && kind !== 'server' && { name: 'os', title: 'logs.os', search: 'text' },
    kind !== 'client' && { name: 'url', title: 'logs.url', column: kind === 'server' || kind === 'frontend' },
    kind !== 'client' && kind !== 'frontend' && { name: 'requestId', title: 'logs.requestId', column: false },
    { name: 'clientTime', title: 'logs.clientTime', kind: 'time', column: false },
    kind !== 'frontend' && kind !== 'server' && { name: 'deviceId', title: 'logs.deviceId', column: false },
    {
      name: 'stack',
      title: 'logs.stack',
      column: false,
      render: (row) =>
        row.stack ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 12, margin: 0 }}>
            {row.stack}
          </Typography.Paragraph>
        ) : (
          '-'
        ),
    },
    {
      name: 'meta',
      title: 'logs.meta',
      column: false,
      render: (row) => (row.meta ? <ValueView value={row.meta} label={words} /> : '-'),
    },
  ];
  return fields.filter((f): f is Field<LogEntry> => Boolean(f));
}
