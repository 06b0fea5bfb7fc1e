import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Consequence } from '../../crud/Consequence';
import { untilText } from '../../crud/until-text';
import { currentLocale } from '../../i18n';
import type { PlayerAction } from './player-action-types';

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** What the confirmation of a player action states: who and how many, how long, what is taken, why. */
export function playerActionConsequence<B extends z.ZodType>(
  action: PlayerAction<B>,
  data: z.output<B>,
  t: TFunction,
): Consequence {
  const body = data as { userId?: number; userIds?: number[]; deviceIds?: string[]; until?: string; reason?: string };
  const ids = body.userIds ?? body.deviceIds ?? [body.userId!];
  const names = { count: ids.length, userId: body.userId };
  const timed = action.fields.includes('until') || action.fields.includes('chatUntil');
  return {
    title: t(`players.${action.name}Confirm`, names),
    rows: [
      ...audienceRows(t, ids, body.deviceIds ? 'devices' : 'players'),
      ...(timed ? [{ label: t('players.duration'), value: untilText(body.until, t) }] : []),
      ...(action.takes ? [{ label: t('players.takes'), value: action.takes(data, t) }] : []),
      { label: t('players.reason'), value: body.reason },
    ],
    okText: t(`players.${action.name}Ok`, names),
    typeToConfirm: action.takes ? String(body.userId) : undefined,
    irreversible: Boolean(action.takes),
  };
}

const count = (n: number) => new Intl.NumberFormat(currentLocale()).format(n);

/** The rows every player action states first: which players (or devices) and how many. */
export function audienceRows(t: TFunction, ids: readonly (number | string)[], of: 'players' | 'devices' = 'players') {
  return [
    { label: t(of === 'players' ? 'players.affected' : 'players.affectedDevices'), value: ids.join(', ') },
    { label: t('players.affectedCount'), value: count(ids.length) },
  ];
}
