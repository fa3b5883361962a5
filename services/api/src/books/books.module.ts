import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { StorageModule } from '../common/storage.module';
import { BookCoverController } from './book-cover.controller';
import { BookExcerpts } from './book-excerpts.service';
import { BookSearchService } from './book-search.service';
import { BooksController } from './books.controller';
import { BooksService } from './books.service';
import { CatalogueCache } from './catalogue-cache';
import { CatalogueSync } from './catalogue-sync';
import { CoversController } from './covers.controller';
import { ExcerptsController } from './excerpts.controller';
import { BookSearchIndex } from './search-index';

/** The public catalogue: book pages, search, an author's books, covers (seeded and uploaded), excerpts. */
@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS]), StorageModule],
  controllers: [BooksController, CoversController, BookCoverController, ExcerptsController],
  providers: [
    BooksService,
    BookSearchService,
    BookSearchIndex,
    CatalogueCache,
    CatalogueSync,
    BookExcerpts,
  ],
  exports: [BooksService, CatalogueCache],
})
export class BooksModule {}
