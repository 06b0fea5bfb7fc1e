/**
 * The service clock: every time rule (content windows, and each area that moves onto it) reads
 * `clock.now()`, never `Date.now()`, so tests can set the time and a test deployment can run
 * offset from the wall clock.
 */
export interface Clock {
  now(): Date;
}

export class ServiceClock implements Clock {
  private fixedMs: number | null = null;
  private wallOffsetMs = 0;

  now(): Date {
    return new Date(this.fixedMs ?? Date.now() + this.wallOffsetMs);
  }

  /** Stop the clock at `at` (tests); `null` lets it run again with the wall clock plus the offset. */
  set(at: Date | string | null): void {
    this.fixedMs = at === null ? null : new Date(at).getTime();
  }

  /** How far the running clock is ahead of (negative: behind) the wall clock. */
  get offsetMs(): number {
    return this.wallOffsetMs;
  }

  /**
   * Follow the deployment's stored offset (`clock-offset.ts`): unlike `offset`, a clock a test
   * stopped stays stopped.
   */
  useOffset(ms: number): void {
    this.wallOffsetMs = ms;
  }

  /** Run `ms` ahead of (or behind) the wall clock. */
  offset(ms: number): void {
    this.fixedMs = null;
    this.wallOffsetMs = ms;
  }

  /** Move a stopped clock forward by `ms` (or shift the offset of a running one). */
  advance(ms: number): void {
    if (this.fixedMs !== null) this.fixedMs += ms;
    else this.wallOffsetMs += ms;
  }
}

/**
 * How far `clock` is ahead of the wall clock now, for a library that keeps its own time and takes
 * a skew (the OpenID client checking token lifetimes): it then follows the service clock.
 */
export function skewFromWallClockMs(clock: Clock): number {
  return clock.now().getTime() - Date.now();
}
