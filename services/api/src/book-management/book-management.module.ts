import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { PrintQuotesModule } from '../print/print-quotes.module';
import { BookManagementController } from './book-management.controller';
import { BookManagementService } from './book-management.service';

/** An author's own books: hide/show, delete, edits for approval (issue 12). */
@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS]), PrintQuotesModule],
  controllers: [BookManagementController],
  providers: [BookManagementService],
  exports: [BookManagementService],
})
export class BookManagementModule {}
