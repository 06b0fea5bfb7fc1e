import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineArea } from './area.js';
import { areas, foldAreas } from './areas.js';
import { auditActionLabel, auditObjectPages, auditObjects, describeAudit, isAuditAction } from './audit-actions.js';
import { zhEn } from './bilingual.js';
import { endpoint, isMutation } from './endpoint.js';
import { endpoints } from './endpoints/index.js';

describe('audit sentences', () => {
  it('reads a player action as a sentence with the player as its object, in both languages', () => {
    expect(describeAudit({ action: 'freezePlayers', target: '42' }, 'en-US')).toEqual([
      { text: 'froze ' },
      { text: 'player 42', object: { kind: 'player', id: '42' } },
    ]);
    expect(describeAudit({ action: 'freezePlayers', target: '42' }, 'zh-CN')).toEqual([
      { text: '冻结了' },
      { text: '玩家 42', object: { kind: 'player', id: '42' } },
    ]);
  });

  it('takes the objects of a kind:id target, several at once', () => {
    expect(auditObjects('removePlayerMail', 'player:5 mail:7')).toEqual({ player: '5', mail: '7' });
    const text = describeAudit({ action: 'removePlayerMail', target: 'player:5 mail:7' }, 'en-US')
      .map((p) => p.text)
      .join('');
    expect(text).toBe("removed mail #7 from player 5's mailbox");
    expect(describeAudit({ action: 'createMailTemplate', target: 'rewardTemplate:3' }, 'en-US')).toEqual([
      { text: 'created ' },
      { text: 'reward template #3', object: { kind: 'rewardTemplate', id: '3' } },
    ]);
  });

  it('links a mail to its page only when the entry names its scope', () => {
    const mail = auditObjectPages.mail!;
    expect(mail.query('12', { after: { mailScope: 'global' } })).toEqual({ mailScope: 'global', id: '12' });
    expect(mail.query('12', {})).toBeNull();
  });

  it('has a sentence for every console mutation (each writes an audit entry named after it)', () => {
    const missing = Object.entries(endpoints)
      .filter(([, e]) => isMutation(e) && e.permission !== 'game')
      .map(([name, e]) => e.audit ?? name)
      .filter((action) => !isAuditAction(action));
    expect(missing).toEqual([]);
  });

  it('keeps an unknown action and its target visible', () => {
    expect(describeAudit({ action: 'launchRocket', target: 'moon' }, 'en-US')).toEqual([{ text: 'launchRocket moon' }]);
    expect(auditActionLabel('launchRocket', 'zh-CN')).toBe('launchRocket');
    expect(auditActionLabel('createMail', 'zh-CN')).toBe('发送邮件');
  });
});

describe('audit targets as the server writes them', () => {
  it('reads staff:<name> as a staff user and email:<address> as a mail address', () => {
    expect(auditObjects('createStaffUser', 'staff:alice')).toEqual({ staffUser: 'alice' });
    expect(auditObjects('requestCaptcha', 'email:a@b.co')).toEqual({ mailAddress: 'a@b.co' });
    expect(auditObjects('createRole', 'role:ops')).toEqual({ role: 'ops' });
  });
});

describe('the audit vocabulary, folded from the areas', () => {
  it('refuses an action naming an undeclared object, and a page that is no route', () => {
    const probe = defineArea({
      name: 'probe',
      audit: {
        objects: {
          probeThing: { label: zhEn('探针 {id}', 'probe {id}'), page: { route: 'noSuchPage', query: () => ({}) } },
        },
        actions: {
          probeAct: {
            label: zhEn('探', 'Probe'),
            sentence: zhEn('探了{probeThing}{ghost}', 'probed {probeThing}{ghost}'),
          },
          probeOther: { label: zhEn('探', 'Probe'), sentence: zhEn('探了', 'probed'), target: 'phantom' },
        },
      },
    });
    expect(foldAreas([...areas, probe]).problems).toEqual([
      'audit object probeThing: no route noSuchPage',
      'audit action probeAct: undeclared object ghost in its sentence',
      'audit action probeAct: undeclared object ghost in its sentence',
      'audit action probeOther: undeclared object phantom',
    ]);
    expect(
      foldAreas([
        ...areas,
        defineArea({ name: 'again', audit: { objects: { player: { label: probe.audit.objects.probeThing.label } } } }),
      ]).problems,
    ).toEqual(['audit object player: declared by players and again']);
  });

  it('refuses a console mutation whose audit target is no declared object', () => {
    const probe = defineArea({
      name: 'probe',
      endpoints: {
        probeWrite: endpoint({
          method: 'POST',
          path: '/api/v1/probe',
          summary: 'Probe',
          permission: ['userQuery'],
          auditTarget: 'phantom',
          response: z.object({}),
        }),
      },
    });
    expect(foldAreas([...areas, probe]).problems).toEqual([
      'endpoint probeWrite: audit target phantom is no declared object',
    ]);
  });
});
