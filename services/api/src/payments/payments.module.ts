import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { OUTBOX_QUEUE_NAME_LIST } from '@mechabrim/contracts';
import {
  CATALOGUE_MODELS,
  COMMUNITY_DONATION_MODEL,
  CommunityDonationSchema,
  PAYMENT_TRANSACTION_MODEL,
  PaymentTransactionSchema,
} from '@mechabrim/db';
import type { ApiConfig } from '../config/api-config';
import { API_CONFIG } from '../config/config.module';
import { OrderExpirySweep } from './order-expiry.service';
import { OutboxRelay } from './outbox-relay.service';
import { PaymentCreateService } from './payment-create.service';
import { DonationNotifyService } from './donation-notify.service';
import { PaymentClaims } from './payment-claims';
import { PaymentClaimsBackfill } from './payment-claims-backfill';
import { PaymentNotifyService } from './payment-notify.service';
import { PaymentStatusService } from './payment-status.service';
import { PaymentsController } from './payments.controller';
import { AdminPaymentsController } from './admin-payments.controller';
import { UnappliedPaymentsService } from './unapplied-payments.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider';
import { SimulatorPaymentProvider } from './providers/simulator.provider';
import { TranzilaPaymentProvider } from './providers/tranzila.provider';

/** The payment provider strategy `PAYMENT_PROVIDER` names. */
export function paymentProviderFor(config: ApiConfig): PaymentProvider {
  return config.payments.provider === 'tranzila'
    ? new TranzilaPaymentProvider(config.payments)
    : new SimulatorPaymentProvider(config.payments);
}

@Module({
  imports: [
    MongooseModule.forFeature([
      ...CATALOGUE_MODELS,
      { name: COMMUNITY_DONATION_MODEL, schema: CommunityDonationSchema },
      { name: PAYMENT_TRANSACTION_MODEL, schema: PaymentTransactionSchema },
    ]),
    // Every queue an outbox row can name, for the relay (ARCHITECTURE.md decision 16).
    ...OUTBOX_QUEUE_NAME_LIST.map((name) => BullModule.registerQueue({ name })),
  ],
  controllers: [PaymentsController, AdminPaymentsController],
  providers: [
    { provide: PAYMENT_PROVIDER, inject: [API_CONFIG], useFactory: paymentProviderFor },
    PaymentCreateService,
    PaymentNotifyService,
    DonationNotifyService,
    PaymentClaims,
    PaymentClaimsBackfill,
    PaymentStatusService,
    UnappliedPaymentsService,
    OutboxRelay,
    OrderExpirySweep,
  ],
  exports: [OutboxRelay, OrderExpirySweep, PAYMENT_PROVIDER],
})
export class PaymentsModule {}
