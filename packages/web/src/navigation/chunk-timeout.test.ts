import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from './chunk-timeout';

describe('withTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it('passes a load that arrives in time through', async () => {
    await expect(withTimeout(async () => 'screen', 1000, 'login')).resolves.toBe('screen');
  });
  it('passes a failed load through', async () => {
    await expect(withTimeout(() => Promise.reject(new Error('404')), 1000, 'login')).rejects.toThrow('404');
  });
  it('fails a load that takes too long', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(() => new Promise(() => {}), 120_000, 'screen systemLog');
    vi.advanceTimersByTime(120_000);
    await expect(pending).rejects.toThrow('screen systemLog did not load within 120 s');
  });
});
