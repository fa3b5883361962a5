import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CATALOGUE_MODELS } from '@mechabrim/db';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { OrderCancellationService } from './order-cancellation.service';

@Module({
  imports: [MongooseModule.forFeature([...CATALOGUE_MODELS])],
  controllers: [OrdersController],
  providers: [OrdersService, OrderCancellationService],
})
export class OrdersModule {}
