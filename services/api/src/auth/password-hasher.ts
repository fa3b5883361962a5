import type { Provider } from '@nestjs/common';
import { passwordHasher } from '@mechabrim/db';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';

/** Injection token of the API's `PasswordHasher`, at the configured cost. */
export const PASSWORD_HASHER = Symbol('PASSWORD_HASHER');

export const passwordHasherProvider: Provider = {
  provide: PASSWORD_HASHER,
  useFactory: (config: ApiConfig) => passwordHasher(config.passwordHashCost),
  inject: [API_CONFIG],
};
