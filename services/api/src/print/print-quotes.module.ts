import { Module } from '@nestjs/common';
import { PrintQuotesService } from './print-quotes.service';

/** The print partner's cost quotes, for the modules that price, edit and approve books. */
@Module({
  providers: [PrintQuotesService],
  exports: [PrintQuotesService],
})
export class PrintQuotesModule {}
