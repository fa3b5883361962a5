import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { BooksModule } from '../books/books.module';
import { WishlistController } from './wishlist.controller';
import { WishlistService } from './wishlist.service';

@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS]), BooksModule],
  controllers: [WishlistController],
  providers: [WishlistService],
})
export class WishlistModule {}
