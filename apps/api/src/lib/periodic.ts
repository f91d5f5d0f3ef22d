/** A job that runs now and then every `intervalMs`, never two runs at once; `stop` waits for a run under way. */
export interface PeriodicJob {
  stop(): Promise<void>;
}

/**
 * Runs `run` at once and every `intervalMs` in this process (the timer does not hold the process open). A run
 * still going when the next is due is not doubled; a failure is logged as `<name> failed: <message>` and the
 * next run is tried as usual.
 */
export function startPeriodic(
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  log: (line: string) => void,
): PeriodicJob {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => log(`${name} failed: ${(error as Error).message}`))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
