import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BOOK_QUEUE_NAMES } from '@mechabrim/contracts';
import { BOOK_MODEL, BookSchema } from '@mechabrim/db';
import { STORAGE, createStorage, type StoragePort } from '@mechabrim/storage';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { BookPreflight } from './book-preflight.service';
import { BookUploadsProcessor } from './book-uploads.processor';

@Module({
  imports: [
    BullModule.registerQueue({ name: BOOK_QUEUE_NAMES.bookUploads }),
    MongooseModule.forFeature([{ name: BOOK_MODEL, schema: BookSchema }]),
  ],
  providers: [
    {
      provide: STORAGE,
      inject: [WORKER_CONFIG],
      useFactory: (config: WorkerConfig): Promise<StoragePort> => createStorage(config.storage),
    },
    BookPreflight,
    BookUploadsProcessor,
  ],
})
export class BookUploadsModule {}
