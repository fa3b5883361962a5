import { Controller, Get, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  authorProfileAnswerSchema,
  authorProfileRequestSchema,
  authorProfileSchema,
  type AuthorProfile,
  type AuthorProfileAnswer,
  type AuthorProfileRequest,
} from '@mechabrim/contracts';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user';
import { Authenticated } from '../auth/guards';
import { sendPrivate } from '../books/catalogue-cache';
import { messagesHe } from '../common/messages.he';
import { ApiZodBody, ApiZodResponse, ZodBody } from '../common/validation/zod-validation.pipe';
import { AuthorProfileService } from './author-profile.service';

/** The signed-in author's profile: links, genres, languages, experience, preferences. */
@ApiTags('authors')
@Controller('authors/me/profile')
@Authenticated('author')
export class AuthorProfileController {
  constructor(private readonly profiles: AuthorProfileService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in author's profile (spec §3)" })
  @ApiZodResponse(authorProfileSchema, { description: 'The profile' })
  async get(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthorProfile> {
    return sendPrivate(reply, await this.profiles.get(user.id));
  }

  @Put()
  @ApiOperation({
    summary:
      'Save the profile: website, four social links, genres and languages (arrays or comma lists), experience, three preferences',
  })
  @ApiZodBody(authorProfileRequestSchema)
  @ApiZodResponse(authorProfileAnswerSchema, { description: 'The profile as saved' })
  async save(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(authorProfileRequestSchema) body: AuthorProfileRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthorProfileAnswer> {
    const profile = await this.profiles.save(user.id, body);
    return sendPrivate(reply, { ...profile, message: messagesHe.authors.profileSaved });
  }
}
