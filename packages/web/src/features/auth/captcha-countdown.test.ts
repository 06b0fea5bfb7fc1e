import { describe, expect, it } from 'vitest';
import { captchaUntil, secondsLeft } from './captcha-countdown';

describe('captcha countdown', () => {
  it('waits 60 seconds after sending and counts down to 0', () => {
    const until = captchaUntil(1_000);
    expect(secondsLeft(until, 1_000)).toBe(60);
    expect(secondsLeft(until, 1_500)).toBe(60);
    expect(secondsLeft(until, 31_000)).toBe(30);
    expect(secondsLeft(until, 61_000)).toBe(0);
    expect(secondsLeft(until, 99_000)).toBe(0);
  });
  it('waits longer when the server asks for it, never shorter', () => {
    expect(secondsLeft(captchaUntil(0, 90), 0)).toBe(90);
    expect(secondsLeft(captchaUntil(0, 10), 0)).toBe(60);
  });
  it('is 0 before anything was sent', () => {
    expect(secondsLeft(undefined, 5)).toBe(0);
  });
});
