import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

const m = messagesHe.reviews;

/** The refusal of each limited handler, by its method name (writes by default). */
const MESSAGE_BY_HANDLER: Readonly<Record<string, string>> = {
  report: m.tooManyReports,
  helpful: m.tooManyHelpful,
};

/**
 * The per-IP budget of the review routes (`RATE_LIMITS.review*`), refused with a Hebrew 429 that
 * says what was limited, and when to try again.
 */
@Injectable()
export class ReviewsThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new DomainError(
      'too_many_requests',
      MESSAGE_BY_HANDLER[context.getHandler().name] ?? m.tooManyReviews,
      undefined,
      { retryAfterSeconds: Math.max(1, Math.ceil(detail.timeToBlockExpire || detail.ttl / 1000)) },
    );
  }
}
