import { Module } from '@nestjs/common';
import { PRINT_PARTNER, printPartnerProvider } from './print-partner.provider';
import { PrintQuotesService } from './print-quotes.service';

/**
 * The print partner's client and its cost quotes, for the modules that price, edit and approve
 * books, and for cancelling an order's print job.
 */
@Module({
  providers: [printPartnerProvider, PrintQuotesService],
  exports: [PRINT_PARTNER, PrintQuotesService],
})
export class PrintQuotesModule {}
