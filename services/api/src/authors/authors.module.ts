import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { BooksModule } from '../books/books.module';
import { AuthorsController } from './authors.controller';
import { AuthorsService } from './authors.service';
import { AuthorProfileController } from './author-profile.controller';
import { AuthorProfileService } from './author-profile.service';

@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS]), BooksModule],
  controllers: [AuthorProfileController, AuthorsController],
  providers: [AuthorsService, AuthorProfileService],
  exports: [AuthorsService],
})
export class AuthorsModule {}
