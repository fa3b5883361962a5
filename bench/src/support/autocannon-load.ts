import autocannon from 'autocannon';
import { percentileOfSorted } from './latency';

// One autocannon load and the figures of several (the catalogue bench's measures).

/** Connections each load keeps open (BENCH_CONNECTIONS; 50). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Run {
  rps: number;
  /** Every response's latency in ms, as autocannon measured it. */
  latencies: number[];
  non2xx: number;
  errors: number;
}

export interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  responses: number;
  non2xx: number;
  errors: number;
}

/** One autocannon load; records the latency of every response. */
export async function load(url: string, seconds: number, paths?: () => string): Promise<Run> {
  const options: autocannon.Options = {
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
  };
  if (paths) options.requests = [{ setupRequest: (req) => ({ ...req, path: paths() }) }];
  const latencies: number[] = [];
  // Without a callback autocannon returns its instance (an event emitter) that is also a promise.
  const instance = autocannon(options) as unknown as autocannon.Instance &
    PromiseLike<autocannon.Result>;
  instance.on('response', (_client, _statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  return {
    rps: result.requests.average,
    latencies,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Rounds of one load: mean req/s; percentiles over every response of all rounds; all errors. */
export function combine(runs: Run[]): Figures {
  const all = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const round1 = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
    p50: round1(percentileOfSorted(all, 50)),
    p95: round1(percentileOfSorted(all, 95)),
    p99: round1(percentileOfSorted(all, 99)),
    responses: all.length,
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}
