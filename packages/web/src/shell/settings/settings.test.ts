import { describe, expect, it } from 'vitest';
import { defaultSettings, parseSettings } from './settings';

describe('parseSettings', () => {
  it('reads saved settings', () => {
    expect(parseSettings('{"theme":"dark","menuTheme":"light","layout":"top"}')).toEqual({
      theme: 'dark',
      menuTheme: 'light',
      layout: 'top',
    });
  });
  it('falls back per value on bad input', () => {
    expect(parseSettings('{"theme":"neon","layout":"top"}')).toEqual({ ...defaultSettings, layout: 'top' });
    expect(parseSettings('not json')).toEqual(defaultSettings);
    expect(parseSettings(null)).toEqual(defaultSettings);
  });
});
