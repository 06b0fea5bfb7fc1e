/** Spec §9: the captcha button waits 60 seconds after a request. */
export const captchaWaitSeconds = 60;

/** When the next captcha may be asked for: 60 s after sending, or later if the server says so. */
export function captchaUntil(sentAt: number, retryAfterSeconds = 0): number {
  return sentAt + Math.max(captchaWaitSeconds, retryAfterSeconds) * 1000;
}

/** Whole seconds left until `until`. */
export function secondsLeft(until: number | undefined, now: number): number {
  if (until === undefined) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}
