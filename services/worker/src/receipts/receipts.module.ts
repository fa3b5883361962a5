import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { getConnectionToken, getModelToken, MongooseModule } from '@nestjs/mongoose';
import { ORDER_QUEUE_NAMES } from '@mechabrim/contracts';
import {
  CREDIT_NOTE_MODEL,
  CreditNoteSchema,
  RECEIPT_COUNTER_MODEL,
  RECEIPT_MODEL,
  ReceiptCounterSchema,
  ReceiptSchema,
  type CreditNoteModel,
  type ReceiptCounterModel,
  type ReceiptModel,
} from '@mechabrim/db';
import type { Connection } from 'mongoose';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { CreditNoteIssuer } from './credit-note-issuer';
import { INVOICE_SERVICE, type InvoiceService } from './invoice.service';
import { LocalInvoiceService } from './local-invoice.service';
import { MorningInvoiceService } from './morning-invoice.service';
import { LocalDiskReceiptFiles, RECEIPT_FILE_STORE, type ReceiptFileStore } from './receipt-files';
import { ReceiptIssuer } from './receipt-issuer';
import {
  RECEIPT_PDF_RENDERER,
  threadedReceiptPdfRenderer,
  type ReceiptPdfRenderer,
} from './receipt-pdf-renderer';
import { ReceiptsProcessor } from './receipts.processor';

@Module({
  imports: [
    BullModule.registerQueue({ name: ORDER_QUEUE_NAMES.receipts }),
    MongooseModule.forFeature([
      { name: RECEIPT_MODEL, schema: ReceiptSchema },
      { name: RECEIPT_COUNTER_MODEL, schema: ReceiptCounterSchema },
      { name: CREDIT_NOTE_MODEL, schema: CreditNoteSchema },
    ]),
  ],
  providers: [
    {
      provide: RECEIPT_FILE_STORE,
      inject: [WORKER_CONFIG],
      useFactory: (config: WorkerConfig): ReceiptFileStore =>
        new LocalDiskReceiptFiles(config.dataDir),
    },
    {
      provide: RECEIPT_PDF_RENDERER,
      // Nest calls onModuleDestroy on the value at shutdown: the drawing thread ends with us.
      useFactory: (): ReceiptPdfRenderer & { onModuleDestroy(): Promise<void> } => {
        const renderer = threadedReceiptPdfRenderer();
        return { ...renderer, onModuleDestroy: () => renderer.close() };
      },
    },
    {
      provide: INVOICE_SERVICE,
      inject: [WORKER_CONFIG, RECEIPT_FILE_STORE, RECEIPT_PDF_RENDERER],
      useFactory: (
        config: WorkerConfig,
        files: ReceiptFileStore,
        pdfs: ReceiptPdfRenderer,
      ): InvoiceService =>
        config.invoice.provider === 'morning'
          ? new MorningInvoiceService(config.invoice)
          : new LocalInvoiceService(config.business, files, pdfs),
    },
    {
      provide: ReceiptIssuer,
      inject: [
        getConnectionToken(),
        getModelToken(RECEIPT_MODEL),
        getModelToken(RECEIPT_COUNTER_MODEL),
        INVOICE_SERVICE,
      ],
      useFactory: (
        connection: Connection,
        receipts: ReceiptModel,
        counters: ReceiptCounterModel,
        invoices: InvoiceService,
      ) => new ReceiptIssuer(connection, receipts, counters, invoices),
    },
    {
      provide: CreditNoteIssuer,
      inject: [
        getConnectionToken(),
        getModelToken(CREDIT_NOTE_MODEL),
        getModelToken(RECEIPT_MODEL),
        getModelToken(RECEIPT_COUNTER_MODEL),
        ReceiptIssuer,
        INVOICE_SERVICE,
      ],
      useFactory: (
        connection: Connection,
        creditNotes: CreditNoteModel,
        receipts: ReceiptModel,
        counters: ReceiptCounterModel,
        receiptIssuer: ReceiptIssuer,
        invoices: InvoiceService,
      ) =>
        new CreditNoteIssuer(connection, creditNotes, receipts, counters, receiptIssuer, invoices),
    },
    ReceiptsProcessor,
  ],
  // The mail module reads receipts (order confirmations attach them); a refund step issues its
  // credit note through CreditNoteIssuer; the payout run draws its statements on the same thread.
  exports: [RECEIPT_FILE_STORE, RECEIPT_PDF_RENDERER, MongooseModule, CreditNoteIssuer],
})
export class ReceiptsModule {}
