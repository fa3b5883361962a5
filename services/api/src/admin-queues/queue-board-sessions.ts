import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId } from 'mongoose';
import { USER_MODEL, type UserModel } from '@mechabrim/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

/** The cookie that lets an admin's browser into the queue board. */
export const QUEUE_BOARD_COOKIE = 'mb_queue_board';
/** How long one board session lasts: long enough to look into a failure, short if it leaks. */
export const QUEUE_BOARD_SESSION_SECONDS = 15 * 60;
/** The token's audience: a board cookie is never a bearer token for the rest of the API. */
const AUDIENCE = 'queue-board';

interface BoardClaims {
  sub: string;
  ver: number;
}

/** Reads one cookie's value from a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return undefined;
}

/**
 * Short-lived, board-only sessions: issued to a signed-in admin, checked on every board request
 * against the account as it is now (a demoted admin or a signed-out account loses the board at
 * once, like a bearer token).
 */
@Injectable()
export class QueueBoardSessions {
  constructor(
    private readonly jwt: JwtService,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
  ) {}

  async issue(admin: AuthenticatedUser): Promise<string> {
    const stored = await this.users.findById(admin.id).select({ tokenVersion: 1 }).lean();
    const claims: BoardClaims = { sub: admin.id, ver: stored?.tokenVersion ?? 0 };
    return this.jwt.signAsync(claims, {
      audience: AUDIENCE,
      expiresIn: QUEUE_BOARD_SESSION_SECONDS,
    });
  }

  /** Throws 401 without a valid session and 403 for an account that is no longer an admin. */
  async admit(cookieHeader: string | undefined): Promise<void> {
    const token = cookieValue(cookieHeader, QUEUE_BOARD_COOKIE);
    if (!token) throw new DomainError('unauthorized', messagesHe.auth.tokenMissing);
    let claims: Partial<BoardClaims>;
    try {
      claims = await this.jwt.verifyAsync<BoardClaims>(token, {
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
    } catch {
      throw new DomainError('unauthorized', messagesHe.auth.tokenInvalid);
    }
    if (typeof claims.sub !== 'string' || !isValidObjectId(claims.sub)) {
      throw new DomainError('unauthorized', messagesHe.auth.tokenInvalid);
    }
    const user = await this.users.findById(claims.sub).select({ role: 1, tokenVersion: 1 }).lean();
    if (!user || (user.tokenVersion ?? 0) !== claims.ver) {
      throw new DomainError('unauthorized', messagesHe.auth.tokenInvalid);
    }
    if (user.role !== 'admin') throw new DomainError('forbidden', messagesHe.errors.forbidden);
  }
}
