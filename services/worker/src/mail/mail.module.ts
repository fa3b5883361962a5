import { BullModule } from '@nestjs/bullmq';
import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { getConnectionToken, getModelToken, MongooseModule } from '@nestjs/mongoose';
import { ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import {
  CREDIT_NOTE_MODEL,
  MAIL_OUTBOX_MODEL,
  MailOutboxSchema,
  RECEIPT_MODEL,
  type CreditNoteModel,
  type MailOutboxModel,
  type ReceiptModel,
} from '@mechabrim/db';
import type { Connection } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { RECEIPT_FILE_STORE, type ReceiptFileStore } from '../receipts/receipt-files';
import { ReceiptsModule } from '../receipts/receipts.module';
import { DevMailController } from './dev-mail.controller';
import { DatabaseMailContext } from './mail-context';
import {
  LocalMailTransport,
  MAIL_TRANSPORT,
  SmtpMailTransport,
  type MailTransport,
} from './mail-transport';
import { MailProcessor } from './mail.processor';
import { Mailer } from './mailer';

@Module({
  imports: [
    ReceiptsModule,
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.mail }),
    MongooseModule.forFeature([{ name: MAIL_OUTBOX_MODEL, schema: MailOutboxSchema }]),
  ],
  controllers: [DevMailController],
  providers: [
    {
      provide: MAIL_TRANSPORT,
      inject: [WORKER_CONFIG],
      useFactory: (config: WorkerConfig): MailTransport =>
        config.mail.smtpUrl ? new SmtpMailTransport(config.mail.smtpUrl) : new LocalMailTransport(),
    },
    {
      provide: Mailer,
      inject: [
        getConnectionToken(),
        getModelToken(MAIL_OUTBOX_MODEL),
        getModelToken(RECEIPT_MODEL),
        getModelToken(CREDIT_NOTE_MODEL),
        RECEIPT_FILE_STORE,
        MAIL_TRANSPORT,
        WORKER_CONFIG,
      ],
      useFactory: (
        connection: Connection,
        outbox: MailOutboxModel,
        receipts: ReceiptModel,
        creditNotes: CreditNoteModel,
        files: ReceiptFileStore,
        transport: MailTransport,
        config: WorkerConfig,
      ) =>
        new Mailer(
          outbox,
          transport,
          new DatabaseMailContext(
            connection,
            { receipts, creditNotes },
            files,
            config.mail.siteUrl,
          ),
          config.mail.from,
        ),
    },
    MailProcessor,
  ],
})
export class MailModule implements OnApplicationShutdown {
  constructor(@Inject(MAIL_TRANSPORT) private readonly transport: MailTransport) {}

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
