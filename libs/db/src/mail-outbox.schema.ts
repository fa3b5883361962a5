import { Schema, type HydratedDocument, type InferSchemaType, type Model } from 'mongoose';

/**
 * `sending` is written before the transport is called, `sent` after it accepted the message. A row
 * left `sending` means the worker died in between: the message may or may not have gone out, and
 * the worker does not send it again (at most once; see services/worker/src/mail/mailer.ts).
 */
export const MAIL_STATUSES = ['sending', 'sent'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** How a message left: through SMTP, or kept here only (the local outbox, `GET /dev/mail`). */
export const MAIL_TRANSPORTS = ['smtp', 'local'] as const;

/**
 * One attached file: its name, type and size, and — with the local transport only, where the row
 * is the message — its content, so `GET /dev/mail` can serve it; SMTP rows keep no content.
 */
const MailAttachmentSchema = new Schema(
  {
    filename: { type: String, required: true },
    contentType: { type: String, required: true },
    size: { type: Number, required: true },
    content: { type: Buffer, default: null },
  },
  { _id: false },
);

/** One e-mail the worker sent (or holds, with the local transport), keyed by the job that asked. */
export const MailOutboxSchema = new Schema(
  {
    /** The BullMQ job id (the API's outbox row): one message per job, however often it runs. */
    jobId: { type: String, required: true },
    template: { type: String, required: true },
    /**
     * The order a buyer's order mail is about (null for other mail and older rows): later mail of
     * an order waits until its `order-confirmation` row is `sent`.
     */
    orderId: { type: String, default: null },
    to: { type: String, required: true },
    from: { type: String, required: true },
    subject: { type: String, required: true },
    html: { type: String, required: true },
    text: { type: String, required: true },
    /** Names of the attached files. */
    attachments: { type: [String], default: [] },
    /** The attached files in order (see `MailAttachmentSchema`); absent on older rows. */
    attachmentFiles: { type: [MailAttachmentSchema], default: [] },
    transport: { type: String, enum: MAIL_TRANSPORTS, required: true },
    status: { type: String, enum: MAIL_STATUSES, required: true },
    /** The SMTP server's Message-ID, when it went through SMTP. */
    messageId: { type: String, default: null },
    sentAt: { type: Date, default: null },
  },
  { collection: 'mail_outbox', timestamps: true },
);
MailOutboxSchema.index({ jobId: 1 }, { unique: true });
MailOutboxSchema.index({ createdAt: -1 });
MailOutboxSchema.index(
  { orderId: 1, template: 1 },
  { partialFilterExpression: { orderId: { $type: 'string' } } },
);

export type MailOutboxRecord = InferSchemaType<typeof MailOutboxSchema>;
export type MailOutboxDocument = HydratedDocument<MailOutboxRecord>;
export type MailOutboxModel = Model<MailOutboxRecord>;
export const MAIL_OUTBOX_MODEL = 'MailOutbox';
