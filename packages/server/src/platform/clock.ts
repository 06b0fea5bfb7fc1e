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
  private offsetMs = 0;

  now(): Date {
    return new Date(this.fixedMs ?? Date.now() + this.offsetMs);
  }

  /** Stop the clock at `at` (tests); `null` lets it run again with the wall clock plus the offset. */
  set(at: Date | string | null): void {
    this.fixedMs = at === null ? null : new Date(at).getTime();
  }

  /** Run `ms` ahead of (or behind) the wall clock. */
  offset(ms: number): void {
    this.fixedMs = null;
    this.offsetMs = ms;
  }

  /** Move a stopped clock forward by `ms` (or shift the offset of a running one). */
  advance(ms: number): void {
    if (this.fixedMs !== null) this.fixedMs += ms;
    else this.offsetMs += ms;
  }
}
