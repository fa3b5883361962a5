import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { DomainError } from '../errors/domain-error';
import { messagesHe } from '../messages.he';

/**
 * The throttler of login and registration: the same per-IP budget as {@link ThrottlerGuard}, but
 * a refusal says "too many attempts" (messagesHe.auth.tooManyAttempts) rather than the generic
 * "too many requests".
 */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(): Promise<void> {
    throw new DomainError('too_many_requests', messagesHe.auth.tooManyAttempts);
  }
}
