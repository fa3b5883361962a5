import type { Provider } from '@nestjs/common';
import { PrintPartnerClient } from '@mechabrim/server-kit';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';

/** Injection token of the API's one client of the print partner (its token is shared). */
export const PRINT_PARTNER = Symbol('PRINT_PARTNER');

/** The print partner's client, for cost quotes and for cancelling a job before production. */
export const printPartnerProvider: Provider = {
  provide: PRINT_PARTNER,
  inject: [API_CONFIG],
  useFactory: (config: ApiConfig) =>
    new PrintPartnerClient({
      apiUrl: config.print.apiUrl,
      apiKey: config.print.apiKey,
      apiSecret: config.print.apiSecret,
    }),
};
