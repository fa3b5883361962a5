import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { isValidObjectId } from 'mongoose';
import { ACCESS_TOKEN_AUDIENCE, type AccessTokenClaims } from '@mechabrim/contracts';
import { USER_MODEL, type UserModel } from '@mechabrim/db';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import type { AuthenticatedUser } from './authenticated-user';
import { SessionsService } from './sessions.service';

/**
 * Bearer tokens (spec §6): signature, audience (`mechabrim-api`: a queue-board cookie is no
 * bearer token) and expiry checked by passport-jwt (a token without an expiry is refused); then
 * the user and the token's session are read — two lookups by _id, side by side — so a deleted
 * account, a changed role or an ended session (signed out, signed out everywhere, e-mail changed
 * elsewhere) takes effect at once.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(API_CONFIG) config: ApiConfig,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
    private readonly sessions: SessionsService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwt.secret,
      ignoreExpiration: false,
      algorithms: ['HS256'],
      audience: ACCESS_TOKEN_AUDIENCE,
    });
  }

  async validate(claims: AccessTokenClaims): Promise<AuthenticatedUser | false> {
    if (typeof claims.sub !== 'string' || !isValidObjectId(claims.sub)) return false;
    // passport-jwt checks `exp` only when present; a token that never expires is never issued.
    if (typeof claims.exp !== 'number') return false;
    // Tokens issued before sessions existed name none: their holders sign in again.
    if (typeof claims.sid !== 'string' || !isValidObjectId(claims.sid)) {
      throw new DomainError('unauthorized', messagesHe.auth.sessionEnded);
    }
    const [user, session] = await Promise.all([
      this.users.findById(claims.sub).select({ name: 1, email: 1, role: 1 }).lean(),
      this.sessions.active(claims.sid, claims.sub),
    ]);
    if (!user) return false;
    if (!session) throw new DomainError('unauthorized', messagesHe.auth.sessionEnded);
    await this.sessions.seen(session);
    return {
      id: user._id.toHexString(),
      email: user.email,
      name: user.name,
      role: user.role,
      sessionId: session.id,
    };
  }
}
