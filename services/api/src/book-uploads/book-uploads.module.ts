import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BOOK_QUEUE_NAMES } from '@mechabrim/contracts';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { StorageModule } from '../common/storage.module';
import { PrintQuotesModule } from '../print/print-quotes.module';
import { BookFilesService } from './book-files.service';
import { BookUploadsController } from './book-uploads.controller';
import { BookUploadsService } from './book-uploads.service';

/** Authors' uploads: files to the storage port, the book pending approval, its preflight queued. */
@Module({
  imports: [
    MongooseModule.forFeature([...CATALOGUE_MODELS]),
    BullModule.registerQueue({ name: BOOK_QUEUE_NAMES.bookUploads }),
    StorageModule,
    PrintQuotesModule,
  ],
  controllers: [BookUploadsController],
  providers: [BookUploadsService, BookFilesService],
})
export class BookUploadsModule {}
