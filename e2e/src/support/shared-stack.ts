import { startStack, type RunningStack } from '@mechabrim/launcher';

/** Where the global setup leaves the shared stack's addresses (JSON). */
export const SHARED_STACK_VARIABLE = 'E2E_SHARED_STACK';

export type SharedStackAddress = Pick<RunningStack, 'urls' | 'mongoUri' | 'redisUrl' | 'dataDir'>;

/**
 * The environment the shared stack runs with. The shell's edge waits up to 8 s for a server-drawn
 * page (production: 500 ms), and the storefront's and checkout's renderers up to 5 s for the API's
 * data (production: 1.5 s), less than the shell so that a slow API still ends in a page: the
 * landing journey checks what the server draws, and a loaded test machine can miss the
 * production deadlines.
 */
export function sharedStackEnvironment(): Record<string, string | undefined> {
  return {
    ...process.env,
    LANDING_TIMEOUT_MS: process.env.LANDING_TIMEOUT_MS ?? '8000',
    LANDING_API_TIMEOUT_MS: process.env.LANDING_API_TIMEOUT_MS ?? '5000',
  };
}

/**
 * The stack a whole run shares, when the global setup started one (`npm test`, or every journey
 * at once); otherwise a stack of this file's own, as when one journey file runs alone. A borrowed
 * stack is the setup's to stop: its `stop()` does nothing, and stopping one of its services (which
 * would break the journeys after) is refused.
 */
export async function borrowStack(): Promise<RunningStack> {
  const shared = process.env[SHARED_STACK_VARIABLE];
  if (!shared) return startStack({ env: sharedStackEnvironment() });
  const address = JSON.parse(shared) as SharedStackAddress;
  const notOurs = (): Promise<void> =>
    Promise.reject(
      new Error('a borrowed stack is shared: start a stack of your own to stop a service'),
    );
  return {
    ...address,
    stop: () => Promise.resolve(),
    stopService: notOurs,
    startService: notOurs,
    pids: () => ({}),
  };
}
