import { useEffect, useState } from 'react';
import { captchaUntil, secondsLeft } from './captcha-countdown';

/** The captcha wait: seconds left since `start()`, ticking once a second until 0. */
export function useCaptchaCountdown() {
  const [until, setUntil] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);
  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return {
    left,
    start: (retryAfterSeconds?: number) => {
      const at = Date.now();
      setUntil(captchaUntil(at, retryAfterSeconds));
      setNow(at);
    },
  };
}
