import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { contactRequestSchema, type OkAnswer, okAnswerSchema } from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { OptionalAuth } from '../auth/guards';
import { RATE_LIMITS } from '../common/rate-limit/rate-limit.module';
import { ApiZodBody, ApiZodResponse, ZodBody } from '../common/validation/zod-validation.pipe';
import { ContactsService, type ContactMessageBody } from './contacts.service';

@ApiTags('contacts')
@Controller('contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Post('submit')
  @HttpCode(201)
  @OptionalAuth()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: RATE_LIMITS.contact })
  @ApiOperation({ summary: 'Send a contact message: name, email, subject, message (all required)' })
  @ApiZodBody(contactRequestSchema)
  @ApiTooManyRequestsResponse({ description: 'Too many messages from this IP' })
  @ApiZodResponse(okAnswerSchema, { status: 201, description: 'Received' })
  submit(
    @ZodBody(contactRequestSchema)
    body: ContactMessageBody,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Req() request: FastifyRequest,
  ): Promise<OkAnswer> {
    return this.contacts.submit(body, { ip: request.ip, userId: user?.id });
  }
}
