import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { UserRole } from '@mechabrim/contracts';

/** Who made a request, as the JWT strategy puts it on `request.user`. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  /** The session the bearer token belongs to (signing out ends it). */
  sessionId: string;
}

/** `@CurrentUser() user: AuthenticatedUser` — the signed-in user (undefined on optional routes). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser | undefined =>
    context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user,
);
