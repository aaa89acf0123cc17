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
}
