import { describe, expect, it } from 'vitest';
import { presetRange, timePresets } from './time-presets';

describe('time presets', () => {
  it('offers 5 minutes, half an hour, an hour and 24 hours', () => {
    expect(timePresets.map((p) => p.minutes)).toEqual([5, 30, 60, 1440]);
  });
  it('ends a range at now', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(presetRange(30, now).map((d) => d.toISOString())).toEqual([
      '2026-01-01T11:30:00.000Z',
      '2026-01-01T12:00:00.000Z',
    ]);
  });
});
