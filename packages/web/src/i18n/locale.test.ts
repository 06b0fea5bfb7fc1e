import { describe, expect, it } from 'vitest';
import { pickInitialLocale } from './locale';

describe('pickInitialLocale', () => {
  it('prefers the saved value', () => {
    expect(pickInitialLocale('en-US', ['zh-CN'])).toBe('en-US');
  });
  it('ignores an unsupported saved value and falls back to the browser language', () => {
    expect(pickInitialLocale('fr-FR', ['fr-FR', 'en-GB'])).toBe('en-US');
  });
  it('matches a browser language by its primary subtag', () => {
    expect(pickInitialLocale(null, ['zh-TW'])).toBe('zh-CN');
    expect(pickInitialLocale(null, ['en'])).toBe('en-US');
  });
  it('falls back to Chinese', () => {
    expect(pickInitialLocale(null, ['de-DE'])).toBe('zh-CN');
    expect(pickInitialLocale(null, [])).toBe('zh-CN');
  });
});
