import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { isValidObjectId } from 'mongoose';
import type { AccessTokenClaims } from '@mechabrim/contracts';
import { USER_MODEL, type UserModel } from '@mechabrim/db';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import type { AuthenticatedUser } from './authenticated-user';

/**
 * Bearer tokens (spec §6): signature and expiry checked by passport-jwt (a token without an
 * expiry is refused), then the user is read again — one indexed lookup by _id per request — so a
 * deleted account, a changed role or a revoked token (token version bumped by logout or an e-mail
 * change) takes effect at once.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(API_CONFIG) config: ApiConfig,
    @InjectModel(USER_MODEL) private readonly users: UserModel,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwt.secret,
      ignoreExpiration: false,
      algorithms: ['HS256'],
    });
  }

  async validate(claims: AccessTokenClaims): Promise<AuthenticatedUser | false> {
    if (typeof claims.sub !== 'string' || !isValidObjectId(claims.sub)) return false;
    // passport-jwt checks `exp` only when present; a token that never expires is never issued.
    if (typeof claims.exp !== 'number' || !Number.isInteger(claims.ver)) return false;
    const user = await this.users
      .findById(claims.sub)
      .select({ name: 1, email: 1, role: 1, tokenVersion: 1 })
      .lean();
    if (!user || (user.tokenVersion ?? 0) !== claims.ver) return false;
    return { id: user._id.toHexString(), email: user.email, name: user.name, role: user.role };
  }
}
