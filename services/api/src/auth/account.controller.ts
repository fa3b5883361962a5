import { Body, Controller, Delete, Header, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { z } from 'zod';
import {
  accountMessageAnswerSchema,
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
  type AccountMessageAnswer,
} from '@mechabrim/contracts';
import { AuthThrottlerGuard } from '../common/rate-limit/auth-throttler.guard';
import { RATE_LIMITS } from '../common/rate-limit/rate-limit.module';
import {
  ApiZodBody,
  ApiZodResponse,
  ZodValidationPipe,
} from '../common/validation/zod-validation.pipe';
import { CurrentUser, type AuthenticatedUser } from './authenticated-user';
import { Authenticated } from './guards';
import { AccountDeletionService } from './account-deletion.service';
import { EmailChangesService } from './email-changes.service';
import { EmailVerificationService } from './email-verification.service';
import { PasswordsService } from './passwords.service';

/** Forgotten and changed passwords, a confirmed e-mail change, deleting one's account (issue 24). */
@ApiTags('auth')
@Controller('auth')
export class AccountController {
  constructor(
    private readonly passwords: PasswordsService,
    private readonly deletion: AccountDeletionService,
    private readonly emailChanges: EmailChangesService,
    private readonly verification: EmailVerificationService,
  ) {}

  @Post('email/verify')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.passwordReset })
  @ApiOperation({
    summary: "Follow the link mailed at registration: the account's address is verified",
  })
  @ApiZodBody(verifyEmailRequestSchema)
  @ApiBadRequestResponse({
    description: 'The link was used, expired, never existed, or the address changed since',
  })
  @ApiZodResponse(accountMessageAnswerSchema, { description: 'A Hebrew message' })
  verifyEmail(
    @Body(new ZodValidationPipe(verifyEmailRequestSchema))
    body: z.output<typeof verifyEmailRequestSchema>,
  ): Promise<AccountMessageAnswer> {
    return this.verification.verify(body.token);
  }

  @Post('email/verify/resend')
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  @Authenticated()
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.passwordReset })
  @ApiOperation({
    summary: 'Mail the verification link again (earlier links stop working)',
  })
  @ApiConflictResponse({ description: 'The address is verified already' })
  @ApiTooManyRequestsResponse({ description: 'Too many links for this account or from this IP' })
  @ApiZodResponse(accountMessageAnswerSchema, { status: 202, description: 'A Hebrew message' })
  resendVerification(@CurrentUser() user: AuthenticatedUser): Promise<AccountMessageAnswer> {
    return this.verification.resend(user);
  }

  @Post('password/forgot')
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.passwordReset })
  @ApiOperation({
    summary:
      'Mail a single-use reset link (30 minutes) to the address; the same answer whether or not it has an account',
  })
  @ApiZodBody(forgotPasswordRequestSchema)
  @ApiTooManyRequestsResponse({ description: 'Too many requests from this IP or for this address' })
  @ApiZodResponse(accountMessageAnswerSchema, { status: 202, description: 'A Hebrew message' })
  forgot(
    @Body(new ZodValidationPipe(forgotPasswordRequestSchema))
    body: z.output<typeof forgotPasswordRequestSchema>,
  ): Promise<AccountMessageAnswer> {
    return this.passwords.forgot(body.email);
  }

  @Post('password/reset')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.passwordReset })
  @ApiOperation({
    summary: "Set a new password with a mailed link's token; every session of the account ends",
  })
  @ApiZodBody(resetPasswordRequestSchema)
  @ApiBadRequestResponse({ description: 'The link was used, expired or never existed' })
  @ApiZodResponse(accountMessageAnswerSchema, { description: 'A Hebrew message' })
  reset(
    @Body(new ZodValidationPipe(resetPasswordRequestSchema))
    body: z.output<typeof resetPasswordRequestSchema>,
  ): Promise<AccountMessageAnswer> {
    return this.passwords.reset(body.token, body.password);
  }

  @Put('password')
  @Header('Cache-Control', 'no-store')
  @Authenticated()
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.auth })
  @ApiOperation({
    summary: 'Change the password (the current one required); the other sessions end',
  })
  @ApiZodBody(changePasswordRequestSchema)
  @ApiBadRequestResponse({ description: 'The current password is wrong' })
  @ApiZodResponse(accountMessageAnswerSchema, { description: 'A Hebrew message' })
  change(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(changePasswordRequestSchema))
    body: z.output<typeof changePasswordRequestSchema>,
  ): Promise<AccountMessageAnswer> {
    return this.passwords.change(user, body.currentPassword, body.newPassword);
  }

  @Post('email/confirm')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.passwordReset })
  @ApiOperation({
    summary:
      'Follow the link mailed to a new address: the account moves there and every session ends',
  })
  @ApiZodBody(confirmEmailRequestSchema)
  @ApiBadRequestResponse({ description: 'The link was used, expired or never existed' })
  @ApiConflictResponse({ description: 'The new address was registered meanwhile' })
  @ApiZodResponse(accountMessageAnswerSchema, { description: 'A Hebrew message' })
  confirmEmail(
    @Body(new ZodValidationPipe(confirmEmailRequestSchema))
    body: z.output<typeof confirmEmailRequestSchema>,
  ): Promise<AccountMessageAnswer> {
    return this.emailChanges.confirm(body.token);
  }

  @Delete('account')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Authenticated()
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.auth })
  @ApiOperation({
    summary:
      "Delete the reader's own account: personal data removed, orders, receipts and ledger kept with the name replaced; every session ends",
  })
  @ApiZodBody(deleteAccountRequestSchema)
  @ApiBadRequestResponse({ description: 'The password is wrong' })
  @ApiConflictResponse({
    description: "An order on its way, an author's or an admin's account: not deleted here",
  })
  @ApiZodResponse(accountMessageAnswerSchema, { description: 'A Hebrew message' })
  deleteAccount(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(deleteAccountRequestSchema))
    body: z.output<typeof deleteAccountRequestSchema>,
  ): Promise<AccountMessageAnswer> {
    return this.deletion.delete(user, body.password);
  }
}
