import type { Clock } from '../src/platform/clock.js';

/** A clock that stands still until a test moves it, to cross expiry times without waiting. */
export class TestClock implements Clock {
  private time = Date.now();

  now(): Date {
    return new Date(this.time);
  }

  advance(ms: number): void {
    this.time += ms;
  }

  /** Put the clock at this time (a schedule test starts at a known hour). */
  set(time: Date | string): void {
    this.time = new Date(time).getTime();
  }
}
