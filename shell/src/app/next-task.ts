// Imports nothing: main.ts runs it between the start-up's steps, before the shared modules load.

interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and goes on in a new one, so that the browser can answer the reader's
 * input and paint in between. `scheduler.yield()` where the browser has it (its continuation goes
 * before other waiting tasks of the page, so the start-up is not delayed behind them), a timer
 * elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
