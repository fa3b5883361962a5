import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { SitemapController } from './sitemap.controller';
import { SitemapService } from './sitemap.service';

/** The entries of the store's sitemap (services/edge writes the XML). */
@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS])],
  controllers: [SitemapController],
  providers: [SitemapService],
})
export class SitemapModule {}
