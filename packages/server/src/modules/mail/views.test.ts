import type { MailScope } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { inMailbox, mailState, pickText } from './views.js';

const texts = { 'zh-CN': '你好', 'en-US': 'Hello', 'pt-BR': 'Olá' };
const t = (iso: string) => new Date(iso);

describe('pickText', () => {
  it('takes the exact language, then the same language elsewhere, then the default, then English, then any', () => {
    expect(pickText(texts, 'en-us')).toEqual({ lang: 'en-US', text: 'Hello' });
    expect(pickText(texts, 'pt-PT')).toEqual({ lang: 'pt-BR', text: 'Olá' });
    expect(pickText(texts, 'fr-FR')).toEqual({ lang: 'zh-CN', text: '你好' });
    expect(pickText({ 'en-GB': 'Hi', ja: 'こんにちは' }, 'de')).toEqual({ lang: 'en-GB', text: 'Hi' });
    expect(pickText({ ja: 'こんにちは' }, null)).toEqual({ lang: 'ja', text: 'こんにちは' });
  });
});

describe('mail state and mailbox visibility', () => {
  const mail = {
    scope: 'global' as MailScope,
    recalledAt: null,
    effectiveAt: t('2026-01-01T00:00:00Z'),
    expireAt: t('2026-01-10T00:00:00Z'),
  };
  const at = (iso: string) => t(iso).getTime();

  it('derives the state from the times and the recall', () => {
    expect(mailState(mail, t('2025-12-31T23:59:59Z'))).toBe('scheduled');
    expect(mailState(mail, t('2026-01-01T00:00:00Z'))).toBe('active');
    expect(mailState(mail, t('2026-01-10T00:00:00Z'))).toBe('expired');
    expect(mailState({ ...mail, recalledAt: t('2026-01-02T00:00:00Z') }, t('2026-01-03T00:00:00Z'))).toBe('recalled');
  });

  it('shows a mail only inside its window, to the players it reaches, and a recalled one only where claimed', () => {
    const now = at('2026-01-05T00:00:00Z');
    expect(inMailbox(mail, undefined, true, now)).toBe(true);
    expect(inMailbox(mail, undefined, false, now)).toBe(false);
    expect(inMailbox(mail, undefined, true, at('2026-01-10T00:00:00Z'))).toBe(false);
    expect(inMailbox(mail, { claimedAt: null, removedAt: t('2026-01-04T00:00:00Z') }, true, now)).toBe(false);
    const recalled = { ...mail, recalledAt: t('2026-01-04T00:00:00Z') };
    expect(inMailbox(recalled, undefined, true, now)).toBe(false);
    expect(inMailbox(recalled, { claimedAt: t('2026-01-03T00:00:00Z'), removedAt: null }, true, now)).toBe(true);
    const personal = { ...mail, scope: 'personal' as MailScope };
    expect(inMailbox(personal, undefined, true, now)).toBe(false);
    expect(inMailbox(personal, { claimedAt: null, removedAt: null }, false, now)).toBe(true);
  });
});
