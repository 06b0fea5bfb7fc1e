import { describe, expect, it } from 'vitest';
import { deviceClass } from './device';

describe('deviceClass', () => {
  it('splits at 600 and 992 px inclusive', () => {
    expect(deviceClass(600)).toBe('mobile');
    expect(deviceClass(601)).toBe('tablet');
    expect(deviceClass(992)).toBe('tablet');
    expect(deviceClass(993)).toBe('desktop');
  });
});
