/**
 * Runs `work` every `ms` on this instance, the work below a minute that a pg-boss schedule cannot
 * run: never two runs at once (a tick while one runs is skipped), a failure given to `onError` and
 * the next tick trying again, the first run at once when `now` says so. `stop` ends the timer and
 * waits for a run under way.
 */
export function repeatEvery(
  ms: number,
  work: () => Promise<void>,
  onError: (error: unknown) => void,
  options: { now?: boolean } = {},
): { stop(): Promise<void> } {
  let current: Promise<void> | null = null;
  const tick = () => {
    current ??= work()
      .catch(onError)
      .finally(() => (current = null));
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  if (options.now) tick();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
