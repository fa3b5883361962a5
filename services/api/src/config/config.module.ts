import { DynamicModule, Global, Module } from '@nestjs/common';
import { ApiConfig } from './api-config';

/** Injection token of the validated {@link ApiConfig}: `@Inject(API_CONFIG) config: ApiConfig`. */
export const API_CONFIG = Symbol('API_CONFIG');

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: ApiConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: API_CONFIG, useValue: config }],
      exports: [API_CONFIG],
    };
  }
}
