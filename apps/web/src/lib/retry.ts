export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` until it succeeds or `attempts` tries are used, waiting `delayMs` between tries.
 * `shouldStop` ends early for failures a retry cannot fix (an invalid session).
 */
export async function withRetry<T>(
  task: () => Promise<T>,
  {
    attempts,
    delayMs,
    shouldStop = () => false,
  }: { attempts: number; delayMs: number; shouldStop?: (error: unknown) => boolean },
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      lastError = error;
      if (shouldStop(error) || attempt === attempts) break;
      await sleep(delayMs);
    }
  }
  throw lastError;
}
