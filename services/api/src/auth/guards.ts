import {
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  applyDecorators,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { UserRole } from '@mechabrim/contracts';
import { DomainError } from '../common/errors/domain-error';
import { messagesHe } from '../common/messages.he';
import type { AuthenticatedUser } from './authenticated-user';

/** Requires a valid bearer token; `request.user` is then an {@link AuthenticatedUser}. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T = AuthenticatedUser>(error: unknown, user: T | false, info: unknown): T {
    if (error)
      throw error instanceof Error ? error : new Error('Authentication failed', { cause: error });
    if (!user) {
      const missing = info instanceof Error && /No auth token/i.test(info.message);
      throw new DomainError(
        'unauthorized',
        missing ? messagesHe.auth.tokenMissing : messagesHe.auth.tokenInvalid,
      );
    }
    return user;
  }
}

/** Reads a bearer token when there is one; a guest (or a bad token) passes as nobody. */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T = AuthenticatedUser>(_error: unknown, user: T | false): T {
    return (user || undefined) as T;
  }
}

const ROLES_KEY = 'mechabrim:roles';

/** Lets only the given roles through (after {@link JwtAuthGuard}). */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user) throw new DomainError('unauthorized', messagesHe.auth.tokenMissing);
    if (!roles.includes(user.role)) {
      throw new DomainError(
        'forbidden',
        roles.includes('author') ? messagesHe.auth.authorsOnly : messagesHe.errors.forbidden,
      );
    }
    return true;
  }
}

/** `@Authenticated()` — bearer token required. `@Authenticated('author', 'admin')` — and one of these roles. */
export function Authenticated(...roles: UserRole[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ROLES_KEY, roles),
    UseGuards(JwtAuthGuard, RolesGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, invalid or expired bearer token' }),
    ...(roles.length
      ? [ApiForbiddenResponse({ description: `Only for: ${roles.join(', ')}` })]
      : []),
  );
}

/** `@OptionalAuth()` — reads the bearer token when sent (an author sees their own hidden books). */
export function OptionalAuth(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(OptionalJwtAuthGuard), ApiBearerAuth());
}
