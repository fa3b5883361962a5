import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { DependencyIndicators, downDependencies } from '@mechabrim/server-kit';
import { messagesHe } from '../common/messages.he';

/** The whole answer is reused this long (the pings themselves are cached by the indicators). */
export const RESULT_CACHE_MS = 500;

/** One evaluation of `GET /api/health`: the status, the body, and the body as sent (JSON). */
export interface HealthAnswer {
  status: 200 | 503;
  body: object;
  json: string;
}

/**
 * The answer of `GET /api/health`, evaluated with terminus (MongoDB and Redis, each ping cached by
 * {@link DependencyIndicators}) and reused for {@link RESULT_CACHE_MS}: load balancers and
 * monitors poll it, and one evaluation serves every request for a moment. Served by the lean
 * Fastify handler in `health.route.ts`.
 */
interface Evaluation {
  at: number;
  answer: Promise<HealthAnswer>;
  /** Set once `answer` resolves. */
  settled?: HealthAnswer;
}

@Injectable()
export class HealthAnswers {
  private latest?: Evaluation;

  constructor(
    private readonly health: HealthCheckService,
    private readonly dependencies: DependencyIndicators,
  ) {}

  /**
   * The current answer: the settled one itself while it is fresh (no promise, no microtask, for
   * the common case of a probe under load), else the evaluation in flight. Rejects only on an
   * unexpected error (not a dependency being down, which is a 503 answer).
   */
  current(now = Date.now()): HealthAnswer | Promise<HealthAnswer> {
    const latest = this.latest;
    if (latest && now - latest.at < RESULT_CACHE_MS) return latest.settled ?? latest.answer;
    const next: Evaluation = { at: now, answer: this.evaluate() };
    next.answer.then(
      (answer) => {
        next.settled = answer;
      },
      () => undefined,
    );
    this.latest = next;
    return next.answer;
  }

  private async evaluate(): Promise<HealthAnswer> {
    try {
      const result: HealthCheckResult = await this.health.check([
        () => this.dependencies.mongodb(),
        () => this.dependencies.redisPing(),
      ]);
      return answer(200, { status: result.status, details: summary(result) });
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const result = error.getResponse() as HealthCheckResult;
      const down = downDependencies(result);
      return answer(503, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: messagesHe.health.down(down),
        status: 'error',
        down,
        checks: summary(result),
      });
    }
  }
}

function answer(status: HealthAnswer['status'], body: object): HealthAnswer {
  return { status, body, json: JSON.stringify(body) };
}

/** Each dependency's status (and why it is down), without terminus's timing fields and duplicates. */
function summary(result: HealthCheckResult): Record<string, { status: string; message?: unknown }> {
  return Object.fromEntries(
    Object.entries(result.details).map(([name, detail]) => [
      name,
      detail.status === 'down'
        ? { status: detail.status, message: detail.message }
        : { status: detail.status },
    ]),
  );
}
