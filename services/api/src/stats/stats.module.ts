import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { BooksModule } from '../books/books.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/** `GET /api/stats`. (The author's own figures, `GET /api/stats/author`, belong to the author dashboard.) */
@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS]), BooksModule],
  controllers: [StatsController],
  providers: [StatsService],
  exports: [StatsService],
})
export class StatsModule {}
