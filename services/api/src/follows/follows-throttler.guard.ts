import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

/** The per-IP budget of the follow routes, refusing in Hebrew words of their own. */
@Injectable()
export class FollowsThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(): Promise<void> {
    throw new DomainError('too_many_requests', messagesHe.follows.tooManyRequests);
  }
}
