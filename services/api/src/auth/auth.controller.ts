import {
  Body,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  Post,
  Put,
  UseGuards,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  handoverAnswerSchema,
  handoverOfferSchema,
  handoverRedeemSchema,
  loginRequestSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
  type AuthAnswer,
  type HandoverAnswer,
  type RegisterData,
  type SessionList,
  type UpdateProfileAnswer,
  type User,
  authAnswerSchema,
  sessionListSchema,
  updateProfileAnswerSchema,
  userSchema,
} from '@mechabrim/contracts';
import { AuthThrottlerGuard } from '../common/rate-limit/auth-throttler.guard';
import { RATE_LIMITS } from '../common/rate-limit/rate-limit.module';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodValidationPipe,
} from '../common/validation/zod-validation.pipe';
import { AuthService } from './auth.service';
import { CurrentUser, type AuthenticatedUser } from './authenticated-user';
import { Authenticated } from './guards';
import { z } from 'zod';

/** Answers carrying a token or personal data: no browser or proxy may keep a copy. */
const NO_STORE = ['Cache-Control', 'no-store'] as const;

/** Spec §7: login, registration, logout and the signed-in user's profile. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @HttpCode(201)
  @Header(...NO_STORE)
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.auth })
  @ApiOperation({ summary: 'Register a reader or an author; returns the user and a bearer token' })
  @ApiZodBody(registerRequestSchema)
  @ApiConflictResponse({ description: 'E-mail already registered' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this IP' })
  @ApiZodResponse(authAnswerSchema, {
    status: 201,
    description: 'The new user and a bearer token',
  })
  register(
    @Body(new ZodValidationPipe(registerRequestSchema)) body: RegisterData,
    @Headers('user-agent') userAgent?: string,
  ): Promise<AuthAnswer> {
    return this.auth.register(body, userAgent);
  }

  @Post('login')
  @HttpCode(200)
  @Header(...NO_STORE)
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.auth })
  @ApiOperation({
    summary: 'Sign in with e-mail and password; returns the user and a bearer token',
  })
  @ApiZodBody(loginRequestSchema)
  @ApiUnauthorizedResponse({ description: 'Wrong e-mail or password (one message for both)' })
  @ApiTooManyRequestsResponse({
    description:
      'Too many attempts from this IP, or too many failures on this account (Retry-After)',
  })
  @ApiZodResponse(authAnswerSchema, { description: 'The user and a bearer token' })
  login(
    @Body(new ZodValidationPipe(loginRequestSchema)) body: z.output<typeof loginRequestSchema>,
    @Headers('user-agent') userAgent?: string,
  ): Promise<AuthAnswer> {
    return this.auth.login(body, userAgent);
  }

  @Post('handover')
  @HttpCode(201)
  @Header(...NO_STORE)
  @Authenticated()
  @ApiOperation({
    summary:
      'A single-use code (60 s) that carries this sign-in to the site’s other origin (`origin`, the only one it is redeemed from); it goes in the URL fragment and is redeemed by POST',
  })
  @ApiZodBody(handoverOfferSchema)
  @ApiZodResponse(handoverAnswerSchema, { status: 201, description: 'The code and its expiry' })
  handover(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(handoverOfferSchema)) body: z.output<typeof handoverOfferSchema>,
  ): Promise<HandoverAnswer> {
    return this.auth.offerHandover(user, body.origin);
  }

  @Post('handover/redeem')
  @HttpCode(200)
  @Header(...NO_STORE)
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.auth })
  @ApiOperation({
    summary: 'Redeems a hand-over code once: the user and a token of the same session',
  })
  @ApiZodBody(handoverRedeemSchema)
  @ApiUnauthorizedResponse({ description: 'Unknown, used or expired code' })
  @ApiForbiddenResponse({
    description: 'Sent from another origin than the code was offered for (the code is spent)',
  })
  @ApiZodResponse(authAnswerSchema, { description: 'The user and a bearer token' })
  redeemHandover(
    @Body(new ZodValidationPipe(handoverRedeemSchema)) body: z.output<typeof handoverRedeemSchema>,
    @Headers('origin') origin?: string,
  ): Promise<AuthAnswer> {
    return this.auth.redeemHandover(body.code, origin);
  }

  @Post('logout')
  @HttpCode(204)
  @Authenticated()
  @ApiOperation({
    summary: "Sign out here: this token's session ends; the user's other sessions go on",
  })
  @ApiNoContentResponse({ description: 'Signed out' })
  logout(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    return this.auth.logout(user);
  }

  @Post('logout-all')
  @HttpCode(204)
  @Authenticated()
  @ApiOperation({
    summary: 'Sign out everywhere: every session of the user ends, this one included',
  })
  @ApiNoContentResponse({ description: 'Signed out on every device' })
  logoutEverywhere(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    return this.auth.logoutEverywhere(user.id);
  }

  @Get('sessions')
  @Header(...NO_STORE)
  @Authenticated()
  @ApiOperation({ summary: "The user's active sessions, the newest first; this one marked" })
  @ApiZodResponse(sessionListSchema, { description: 'The sessions' })
  sessions(@CurrentUser() user: AuthenticatedUser): Promise<SessionList> {
    return this.auth.listSessions(user);
  }

  @Get('profile')
  @Header(...NO_STORE)
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiZodResponse(userSchema, { description: 'The user object' })
  profile(@CurrentUser() user: AuthenticatedUser): Promise<User> {
    return this.auth.profile(user.id);
  }

  @Put('profile')
  @Header(...NO_STORE)
  @Authenticated()
  // Limited like signing in: a new e-mail checks the password (argon2), a guess each time.
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.auth })
  @ApiOperation({
    summary:
      'Update name, bio, avatar; a new e-mail needs the current password and moves the account only when the link mailed to it is followed',
  })
  @ApiZodBody(updateProfileRequestSchema)
  @ApiConflictResponse({ description: 'E-mail already registered to someone else' })
  @ApiZodResponse(updateProfileAnswerSchema, {
    description: 'The updated user, a message, and the new address waiting for its link',
  })
  updateProfile(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(updateProfileRequestSchema))
    body: z.output<typeof updateProfileRequestSchema>,
  ): Promise<UpdateProfileAnswer> {
    return this.auth.updateProfile(user, body);
  }
}
