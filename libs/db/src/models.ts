import type { Connection, Schema } from 'mongoose';
import { ACCOUNT_TOKEN_MODEL, AccountTokenSchema } from './account-tokens.schema';
import { AUTHOR_FOLLOW_MODEL, AuthorFollowSchema } from './author-follows.schema';
import { AUTHOR_PROFILE_MODEL, AuthorProfileSchema } from './author-profiles.schema';
import { BOOK_MODEL, BookSchema } from './books.schema';
import { BOOK_EDIT_MODEL, BookEditSchema } from './book-edits.schema';
import { CATEGORY_MODEL, CategorySchema } from './categories.schema';
import { CLIENT_LOG_MODEL, ClientLogSchema } from './client-logs.schema';
import { CONTACT_MESSAGE_MODEL, ContactMessageSchema } from './contact-messages.schema';
import { LEDGER_ENTRY_MODEL, LedgerEntrySchema } from './ledger.schema';
import { ORDER_MODEL, OrderSchema } from './orders.schema';
import { OUTBOX_MODEL, OutboxSchema } from './outbox.schema';
import { REVIEW_MODEL, ReviewSchema } from './reviews.schema';
import { SESSION_MODEL, SessionSchema } from './sessions.schema';
import { USER_MODEL, UserSchema } from './users.schema';
import { WISHLIST_ITEM_MODEL, WishlistItemSchema } from './wishlists.schema';

/** Every catalogue/community model, as `MongooseModule.forFeature` takes them. */
export const CATALOGUE_MODELS: ReadonlyArray<{ name: string; schema: Schema }> = [
  { name: USER_MODEL, schema: UserSchema },
  { name: SESSION_MODEL, schema: SessionSchema },
  { name: ACCOUNT_TOKEN_MODEL, schema: AccountTokenSchema },
  { name: AUTHOR_PROFILE_MODEL, schema: AuthorProfileSchema },
  { name: BOOK_MODEL, schema: BookSchema },
  { name: CATEGORY_MODEL, schema: CategorySchema },
  { name: REVIEW_MODEL, schema: ReviewSchema },
  { name: CONTACT_MESSAGE_MODEL, schema: ContactMessageSchema },
  { name: WISHLIST_ITEM_MODEL, schema: WishlistItemSchema },
  { name: CLIENT_LOG_MODEL, schema: ClientLogSchema },
  { name: ORDER_MODEL, schema: OrderSchema },
  { name: OUTBOX_MODEL, schema: OutboxSchema },
  { name: LEDGER_ENTRY_MODEL, schema: LedgerEntrySchema },
  { name: BOOK_EDIT_MODEL, schema: BookEditSchema },
  { name: AUTHOR_FOLLOW_MODEL, schema: AuthorFollowSchema },
];

/** Registers the models on a plain mongoose connection (scripts, the seed); idempotent. */
export function registerCatalogueModels(connection: Connection): void {
  for (const { name, schema } of CATALOGUE_MODELS) {
    if (!connection.models[name]) connection.model(name, schema);
  }
}
