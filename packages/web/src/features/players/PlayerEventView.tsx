import {
  gameLabel,
  isAuditAction,
  operatingSystemLabel,
  playerGameEventLabels,
  suspicionRuleLabels,
} from '@rookery/contracts';
import { Descriptions, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatNumber, formatTime } from '../../crud/format';
import { currentLocale } from '../../i18n';
import { AuditSentence } from '../shared/AuditSentence';
import './texts';

export interface PlayerEventLike {
  userId: number;
  type: string;
  actor: string | null;
  data: unknown;
}

/**
 * A player's event as a sentence: the console's actions read as their audit sentence with the
 * player linked ("admin: froze player 42"), the game's own events by their label.
 */
export function PlayerEventSentence({ event }: { event: PlayerEventLike }) {
  const locale = currentLocale();
  const game = playerGameEventLabels[event.type];
  if (game) return <>{game[locale]}</>;
  if (isAuditAction(event.type))
    return (
      <span>
        {event.actor && <Typography.Text strong>{event.actor} </Typography.Text>}
        <AuditSentence entry={{ action: event.type, target: `player:${event.userId}` }} />
      </span>
    );
  return <>{event.type}</>;
}

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isReward = (v: unknown): v is { kind: string; amount: number } =>
  typeof v === 'object' && v !== null && 'kind' in v && 'amount' in v;

/** A field of an event's data in words: a catalogue label, else the name split into words ("device id"). */
export function dataLabel(key: string, t: TFunction): string {
  return t(`players.eventData.${key}`, {
    defaultValue: key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase(),
  }) as string;
}

function valueText(value: unknown, t: TFunction): string {
  const locale = currentLocale();
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') {
    if (isoTime.test(value)) return formatTime(value);
    if (Object.hasOwn(suspicionRuleLabels, value))
      return suspicionRuleLabels[value as keyof typeof suspicionRuleLabels][locale];
    return gameLabel(value, locale);
  }
  if (Array.isArray(value))
    return value.length
      ? value
          .map((v) => (isReward(v) ? `${gameLabel(v.kind, locale)} ×${formatNumber(v.amount)}` : valueText(v, t)))
          .join(locale === 'zh-CN' ? '、' : ', ')
      : '-';
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${gameLabel(k, locale) === k ? dataLabel(k, t) : gameLabel(k, locale)} ${valueText(v, t)}`)
    .join(locale === 'zh-CN' ? '、' : ', ');
}

/** A value by what its field holds: coded values (OS, how a login came) by their labels. */
function fieldText(key: string, value: unknown, t: TFunction): string {
  if (key === 'os' && typeof value === 'string') return operatingSystemLabel(value);
  if (key === 'via' && typeof value === 'string')
    return t(`players.loginVia.${value}`, { defaultValue: value }) as string;
  return valueText(value, t);
}

/** An event's data as rows of label and value, never a JSON string. */
export function PlayerEventData({ data, t }: { data: unknown; t: TFunction }): ReactNode {
  if (data === null || data === undefined) return '-';
  if (typeof data !== 'object' || Array.isArray(data)) return valueText(data, t);
  const entries = Object.entries(data as Record<string, unknown>);
  if (!entries.length) return '-';
  return (
    <Descriptions
      column={1}
      size="small"
      data-testid="event-data"
      items={entries.map(([k, v]) => ({ key: k, label: dataLabel(k, t), children: fieldText(k, v, t) }))}
    />
  );
}
