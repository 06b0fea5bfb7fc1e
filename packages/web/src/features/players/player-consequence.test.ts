import { playerEndpoints } from '@rookery/contracts';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { PlayerAction, PlayerActionField } from './player-action';

let t: TFunction;
let playerActionConsequence: typeof import('./player-consequence').playerActionConsequence;
const text = (rows: { label: string; value: unknown }[]) => rows.map((r) => `${r.label}: ${r.value}`).join('\n');

// The console's i18n reads the browser's languages and sets the page's lang: an English browser here.
beforeAll(async () => {
  vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'] });
  vi.stubGlobal('document', { documentElement: {} });
  const { i18n, i18nReady } = await import('../../i18n');
  await i18nReady;
  await import('./texts');
  ({ playerActionConsequence } = await import('./player-consequence'));
  t = i18n.getFixedT('en-US');
});

describe('what a player action states before it runs', () => {
  /** A declaration as a page writes one (the endpoint plays no part in what is stated). */
  const action = (name: string, fields: PlayerActionField[], takes?: () => string): PlayerAction<z.ZodType> => ({
    name,
    endpoint: playerEndpoints.freezePlayers as never,
    route: 'gameUserFroze',
    fields,
    takes,
  });
  const freeze = action('freeze', ['userIds', 'reason', 'until']);

  it('names the players, their number, a permanent duration and the reason; the button names the action', () => {
    const c = playerActionConsequence(freeze, { userIds: [10001, 10002, 10003], reason: 'bots' }, t);
    expect(c.title).toBe('Freeze 3 accounts? These players will not be able to sign in.');
    expect(text(c.rows ?? [])).toBe(
      'Players (user IDs): 10001, 10002, 10003\nHow many: 3\nDuration: Permanent\nReason: bots',
    );
    expect(c.okText).toBe('Freeze 3 players');
    expect(c.typeToConfirm).toBeUndefined();
  });

  it('states an end time in the operator’s zone and in UTC; one player reads in the singular', () => {
    const c = playerActionConsequence(freeze, { userIds: [7], reason: 'x', until: '2031-02-03T04:05:06.000Z' }, t);
    const local = new Date('2031-02-03T04:05:06.000Z');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const duration = (c.rows ?? []).find((r) => r.label === 'Duration')!.value as string;
    expect(duration).toContain(`(${zone})`);
    expect(duration).toContain(String(local.getFullYear()));
    expect(duration.endsWith('· 2031-02-03 04:05 UTC')).toBe(true);
    expect(c.okText).toBe('Freeze 1 player');
  });

  it('an action that takes something away states it and asks to type the user ID', () => {
    const deduct = action('deduct', ['userId', 'items', 'reason'], () => 'gem ×5');
    const c = playerActionConsequence(deduct, { userId: 42, items: [{ kind: 'gem', amount: 5 }], reason: 'refund' }, t);
    expect(text(c.rows ?? [])).toBe(
      'Players (user IDs): 42\nHow many: 1\nTaken away (cannot be undone): gem ×5\nReason: refund',
    );
    expect(c.okText).toBe('Deduct from player 42');
    expect(c.typeToConfirm).toBe('42');
  });

  it('device bans name the devices', () => {
    const ban = action('banDevices', ['deviceIds', 'reason', 'until']);
    const c = playerActionConsequence(ban, { deviceIds: ['d-1', 'd-2'], reason: 'fraud' }, t);
    expect(c.rows?.[0]).toEqual({ label: 'Devices', value: 'd-1, d-2' });
    expect(c.okText).toBe('Ban 2 devices');
  });
});
