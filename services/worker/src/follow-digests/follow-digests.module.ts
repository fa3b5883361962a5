import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { FOLLOW_QUEUE_NAMES, ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import {
  ACCOUNT_TOKEN_MODEL,
  AUTHOR_FOLLOW_MODEL,
  AccountTokenSchema,
  AuthorFollowSchema,
  BOOK_MODEL,
  BookSchema,
  MAIL_OUTBOX_MODEL,
  MailOutboxSchema,
  USER_MODEL,
  UserSchema,
} from '@mechabrim/db';
import { FollowDigestService } from './follow-digest.service';
import { FollowDigestsProcessor } from './follow-digests.processor';

/** The daily mail of new books by followed authors (issue 24). */
@Module({
  imports: [
    BullModule.registerQueue({ name: FOLLOW_QUEUE_NAMES.followDigests }),
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.mail }),
    MongooseModule.forFeature([
      { name: BOOK_MODEL, schema: BookSchema },
      { name: AUTHOR_FOLLOW_MODEL, schema: AuthorFollowSchema },
      { name: USER_MODEL, schema: UserSchema },
      { name: ACCOUNT_TOKEN_MODEL, schema: AccountTokenSchema },
      { name: MAIL_OUTBOX_MODEL, schema: MailOutboxSchema },
    ]),
  ],
  providers: [FollowDigestService, FollowDigestsProcessor],
})
export class FollowDigestsModule {}
