import { describe, expect, it } from 'vitest';
import { defaultTextLanguage, pickText } from './pick-text.js';

describe('pickText', () => {
  const texts = { 'zh-CN': '你好', 'en-US': 'Hello', 'ja-JP': 'こんにちは' };
  it('takes the exact language, case-insensitively', () => {
    expect(pickText(texts, 'en-us')).toEqual({ lang: 'en-US', text: 'Hello' });
  });
  it('takes the same language of another region', () => {
    expect(pickText(texts, 'en-GB')).toEqual({ lang: 'en-US', text: 'Hello' });
    expect(pickText(texts, 'ja')).toEqual({ lang: 'ja-JP', text: 'こんにちは' });
  });
  it('falls back to the default language, then English, then any', () => {
    expect(pickText(texts, 'fr-FR')).toEqual({ lang: defaultTextLanguage, text: '你好' });
    expect(pickText({ 'en-US': 'Hello', 'ja-JP': 'x' }, null)).toEqual({ lang: 'en-US', text: 'Hello' });
    expect(pickText({ 'ja-JP': 'x' }, 'de')).toEqual({ lang: 'ja-JP', text: 'x' });
  });
  it('gives the default language and no text when there are no texts', () => {
    expect(pickText({}, 'en-US')).toEqual({ lang: defaultTextLanguage, text: '' });
  });
});
