import { Module } from '@nestjs/common';
import { STORAGE, createStorage, type StoragePort } from '@mechabrim/storage';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';

/** The storage port (local disk under DATA_DIR, or S3-compatible when configured), for any module. */
@Module({
  providers: [
    {
      provide: STORAGE,
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig): Promise<StoragePort> => createStorage(config.storage),
    },
  ],
  exports: [STORAGE],
})
export class StorageModule {}
