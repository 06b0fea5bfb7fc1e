import { describe, expect, it } from 'vitest';
import { isBenignNotice } from './global-handlers';

describe('isBenignNotice', () => {
  it("passes over Chromium's ResizeObserver loop notices and nothing else", () => {
    expect(isBenignNotice('ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(isBenignNotice('ResizeObserver loop limit exceeded')).toBe(true);
    expect(isBenignNotice('Uncaught Error: ResizeObserver loop completed')).toBe(false);
    expect(isBenignNotice('boom from a test')).toBe(false);
  });
});
