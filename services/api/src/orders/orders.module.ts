import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS, RECEIPT_MODEL, ReceiptSchema } from '@mechabrim/db';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { OrderCancellationService } from './order-cancellation.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      ...CATALOGUE_MODELS,
      { name: RECEIPT_MODEL, schema: ReceiptSchema },
    ]),
  ],
  controllers: [OrdersController],
  providers: [OrdersService, OrderCancellationService],
})
export class OrdersModule {}
