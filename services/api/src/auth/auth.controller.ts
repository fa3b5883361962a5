import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  loginRequestSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
  type AuthAnswer,
  type RegisterData,
  type UpdateProfileAnswer,
  type User,
  authAnswerSchema,
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

/** Spec §7: login, registration and the signed-in user's profile. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @HttpCode(201)
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
  ): Promise<AuthAnswer> {
    return this.auth.register(body);
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.auth })
  @ApiOperation({
    summary: 'Sign in with e-mail and password; returns the user and a bearer token',
  })
  @ApiZodBody(loginRequestSchema)
  @ApiUnauthorizedResponse({ description: 'Wrong e-mail or password (one message for both)' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this IP' })
  @ApiZodResponse(authAnswerSchema, { description: 'The user and a bearer token' })
  login(
    @Body(new ZodValidationPipe(loginRequestSchema)) body: z.output<typeof loginRequestSchema>,
  ): Promise<AuthAnswer> {
    return this.auth.login(body);
  }

  @Get('profile')
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiZodResponse(userSchema, { description: 'The user object' })
  profile(@CurrentUser() user: AuthenticatedUser): Promise<User> {
    return this.auth.profile(user.id);
  }

  @Put('profile')
  @Authenticated()
  @ApiOperation({
    summary: 'Update name, e-mail, bio, avatar; a new token comes back when the e-mail changed',
  })
  @ApiZodBody(updateProfileRequestSchema)
  @ApiConflictResponse({ description: 'E-mail already registered to someone else' })
  @ApiZodResponse(updateProfileAnswerSchema, {
    description: 'The updated user, a new token when the e-mail changed, and a message',
  })
  updateProfile(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(updateProfileRequestSchema))
    body: z.output<typeof updateProfileRequestSchema>,
  ): Promise<UpdateProfileAnswer> {
    return this.auth.updateProfile(user.id, body);
  }
}
