import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectModel } from '@nestjs/mongoose';
import { parseCookie } from 'cookie';
import { isValidObjectId } from 'mongoose';
import { USER_MODEL, type UserModel } from '@mechabrim/db';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { SessionsService } from '../auth/sessions.service';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';

/** The cookie that lets an admin's browser into the queue board. */
export const QUEUE_BOARD_COOKIE = 'mb_queue_board';
/** How long one board session lasts: long enough to look into a failure, short if it leaks. */
export const QUEUE_BOARD_SESSION_SECONDS = 15 * 60;
/**
 * The token's audience: a board cookie is never a bearer token for the rest of the API (whose
 * tokens are for `mechabrim-api`, refused here), and the other way round.
 */
export const QUEUE_BOARD_AUDIENCE = 'queue-board';

interface BoardClaims {
  sub: string;
  /** The admin's session that opened the board: signing it out closes the board too. */
  sid: string;
}

/** Reads one cookie's value from a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  return parseCookie(header ?? '')[name];
}

/**
 * Short-lived, board-only sessions: issued to a signed-in admin, checked on every board request
 * against the account and the admin's session as they are now (a demoted admin or an ended
 * session loses the board at once, like a bearer token).
 */
@Injectable()
export class QueueBoardSessions {
  constructor(
    private readonly jwt: JwtService,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    private readonly sessions: SessionsService,
  ) {}

  async issue(admin: AuthenticatedUser): Promise<string> {
    const claims: BoardClaims = { sub: admin.id, sid: admin.sessionId };
    return this.jwt.signAsync(claims, {
      audience: QUEUE_BOARD_AUDIENCE,
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
        audience: QUEUE_BOARD_AUDIENCE,
        algorithms: ['HS256'],
      });
    } catch {
      throw new DomainError('unauthorized', messagesHe.auth.tokenInvalid);
    }
    if (typeof claims.sub !== 'string' || !isValidObjectId(claims.sub)) {
      throw new DomainError('unauthorized', messagesHe.auth.tokenInvalid);
    }
    const [user, session] = await Promise.all([
      this.users.findById(claims.sub).select({ role: 1 }).lean(),
      typeof claims.sid === 'string' ? this.sessions.active(claims.sid, claims.sub) : null,
    ]);
    if (!user) throw new DomainError('unauthorized', messagesHe.auth.tokenInvalid);
    if (!session) throw new DomainError('unauthorized', messagesHe.auth.sessionEnded);
    if (user.role !== 'admin') throw new DomainError('forbidden', messagesHe.errors.forbidden);
  }
}
