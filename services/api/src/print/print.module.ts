import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ORDER_MODEL, OrderSchema, OUTBOX_MODEL, OutboxSchema } from '@mechabrim/db';
import { PrintAttentionService } from './print-attention.service';
import { PrintCallbackService } from './print-callback.service';
import { PrintController } from './print.controller';
import { PrintFilesController } from './print-files.controller';
import { StorageModule } from '../common/storage.module';
import { PrintQuotesModule } from './print-quotes.module';

/**
 * Print on demand, the API's side: the partner's status callbacks (the worker hands jobs off), the
 * admins' list of orders whose printing needs them, the book files the partner downloads (signed
 * addresses), and the print figures authors need before they design their files (the cover
 * template).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ORDER_MODEL, schema: OrderSchema },
      { name: OUTBOX_MODEL, schema: OutboxSchema },
    ]),
    StorageModule,
    PrintQuotesModule,
  ],
  controllers: [PrintController, PrintFilesController],
  providers: [PrintCallbackService, PrintAttentionService],
})
export class PrintModule {}
