import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { mongooseRootOptions } from '@mechabrim/server-kit';
import { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';

/**
 * The API's MongoDB connection, opened in the background (the API starts before MongoDB). A query
 * fails within 3 s while MongoDB is unreachable (answered as 503), never hangs.
 */
@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => ({
        uri: config.mongodbUri,
        ...mongooseRootOptions(config.mongodbUri, { timeoutMs: 3000, maxPoolSize: 20 }),
      }),
    }),
  ],
})
export class DatabaseModule {}
