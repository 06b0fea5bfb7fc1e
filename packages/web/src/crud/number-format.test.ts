import { describe, expect, it } from 'vitest';
import { formatNumberIn } from './number-format';

describe('formatNumberIn (one formatter for every number the console shows)', () => {
  it('groups thousands in both languages', () => {
    expect(formatNumberIn(1234567, 'zh-CN')).toBe('1,234,567');
    expect(formatNumberIn(1234567, 'en-US')).toBe('1,234,567');
    expect(formatNumberIn(41200, 'en-US')).toBe('41,200');
    expect(formatNumberIn(999, 'zh-CN')).toBe('999');
  });

  it('keeps fractions and signs', () => {
    expect(formatNumberIn(-12345.675, 'en-US')).toBe('-12,345.675');
    expect(formatNumberIn(0, 'zh-CN')).toBe('0');
  });

  it('reads numeric strings and big integers', () => {
    expect(formatNumberIn('9876543', 'zh-CN')).toBe('9,876,543');
    expect(formatNumberIn(12345678901234567890n, 'en-US')).toBe('12,345,678,901,234,567,890');
  });

  it('shows a dash for nothing and an unreadable value as it came', () => {
    expect(formatNumberIn(null, 'en-US')).toBe('-');
    expect(formatNumberIn(undefined, 'zh-CN')).toBe('-');
    expect(formatNumberIn('', 'zh-CN')).toBe('-');
    expect(formatNumberIn('abc', 'en-US')).toBe('abc');
  });
});
