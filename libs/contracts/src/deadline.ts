/**
 * Runs `work` (a request and the reading of its answer) with a deadline the caller can rely on:
 * after `ms` the work's signal is aborted and the promise rejects with a `TimeoutError`, whether or
 * not the work ever settles.
 *
 * Why not just `fetch(url, { signal: AbortSignal.timeout(ms) })`: Node's fetch (undici) can leave
 * the body read (`response.json()`) pending forever when the signal aborts while a compressed body
 * is being decompressed (nodejs/node#56917). A page request of the shell's edge that waited on
 * such a read never answered: the browser waited for the page until its own timeout.
 */
export function withinDeadline<T>(
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DOMException(`no answer within ${ms} ms`, 'TimeoutError');
      controller.abort(error);
      reject(error);
    }, ms);
  });
  // A work that throws before its first await rejects like one that rejects.
  const working = Promise.resolve().then(() => work(controller.signal));
  return Promise.race([working, deadline]).finally(() => clearTimeout(timer));
}
