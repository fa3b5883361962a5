/**
 * Polls `probe` every `intervalMs` until it gives something other than `undefined`, and returns
 * that; throws `timed out waiting for <what>` after `timeoutMs`. For tests that wait on real
 * servers (a queue draining, a health check recovering) instead of sleeping a guessed time.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
