import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { STORAGE, createStorage, type StoragePort } from '@mechabrim/storage';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { BookCoverController } from './book-cover.controller';
import { BookSearchService } from './book-search.service';
import { BooksController } from './books.controller';
import { BooksService } from './books.service';
import { CatalogueCache } from './catalogue-cache';
import { CatalogueSync } from './catalogue-sync';
import { CoversController } from './covers.controller';
import { BookSearchIndex } from './search-index';

/** The public catalogue: book pages, search, an author's books, covers (seeded and uploaded). */
@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS])],
  controllers: [BooksController, CoversController, BookCoverController],
  providers: [
    {
      provide: STORAGE,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig): StoragePort => createStorage(config.storage),
    },
    BooksService,
    BookSearchService,
    BookSearchIndex,
    CatalogueCache,
    CatalogueSync,
  ],
  exports: [BooksService, CatalogueCache],
})
export class BooksModule {}
