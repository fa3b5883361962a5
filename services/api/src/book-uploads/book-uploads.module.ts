import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BOOK_QUEUE_NAMES } from '@mechabrim/contracts';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { STORAGE, createStorage, type StoragePort } from '@mechabrim/storage';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { BookUploadsController } from './book-uploads.controller';
import { BookUploadsService } from './book-uploads.service';

/** Authors' uploads: files to the storage port, the book pending approval, its preflight queued. */
@Module({
  imports: [
    MongooseModule.forFeature([...CATALOGUE_MODELS]),
    BullModule.registerQueue({ name: BOOK_QUEUE_NAMES.bookUploads }),
  ],
  controllers: [BookUploadsController],
  providers: [
    {
      provide: STORAGE,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig): StoragePort => createStorage(config.storage),
    },
    BookUploadsService,
  ],
})
export class BookUploadsModule {}
