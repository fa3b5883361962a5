import { DynamicModule, Module, Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { LoggingModule } from '@mechabrim/server-kit';
import { AdminQueuesModule } from './admin-queues/admin-queues.module';
import { AuthModule } from './auth/auth.module';
import { WishlistModule } from './wishlist/wishlist.module';
import { FollowsModule } from './follows/follows.module';
import { StatsModule } from './stats/stats.module';
import { ReviewsModule } from './reviews/reviews.module';
import { ContactsModule } from './contacts/contacts.module';
import { CategoriesModule } from './categories/categories.module';
import { BooksModule } from './books/books.module';
import { BookManagementModule } from './book-management/book-management.module';
import { AuthorDashboardModule } from './author-dashboard/author-dashboard.module';
import { ModerationModule } from './moderation/moderation.module';
import { AuthorsModule } from './authors/authors.module';
import { ClientLogsModule } from './client-logs/client-logs.module';
import { OrdersModule } from './orders/orders.module';
import { PaymentsModule } from './payments/payments.module';
import { PayoutsModule } from './payouts/payouts.module';
import { CommunityFundModule } from './community-fund/community-fund.module';
import { PrintModule } from './print/print.module';
import { BookUploadsModule } from './book-uploads/book-uploads.module';
import { ApiConfig } from './config/api-config';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { ConfigModule } from './config/config.module';
import { HealthModule } from './health/health.module';
import { DatabaseModule } from './infra/database.module';
import { QueuesModule } from './infra/queues.module';
import { RedisModule } from './infra/redis.module';
import { SitemapModule } from './sitemap/sitemap.module';

/**
 * Feature modules, one per folder under `src/`. To add one: import it above and list it here.
 * Infrastructure (config via `API_CONFIG`, the mongoose connection, Redis, BullMQ) is global,
 * so a feature module only imports `MongooseModule.forFeature(...)` / `BullModule.registerQueue(...)`.
 */
export const FEATURE_MODULES: Type[] = [
  HealthModule,
  ClientLogsModule,
  AuthModule,
  BooksModule,
  BookManagementModule,
  CategoriesModule,
  ReviewsModule,
  AuthorsModule,
  StatsModule,
  ContactsModule,
  WishlistModule,
  FollowsModule,
  PaymentsModule,
  OrdersModule,
  AdminQueuesModule,
  PrintModule,
  BookUploadsModule,
  AuthorDashboardModule,
  ModerationModule,
  PayoutsModule,
  CommunityFundModule,
  SitemapModule,
];

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(logger),
        DatabaseModule,
        RedisModule,
        QueuesModule,
        RateLimitModule,
        ...FEATURE_MODULES,
      ],
    };
  }
}
