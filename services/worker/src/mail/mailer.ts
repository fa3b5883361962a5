import { MAIL_AFTER_CONFIRMATION, type MailJob } from '@mechabrim/contracts';
import { isDuplicateKeyError, type MailOutboxModel } from '@mechabrim/db';
import type { MailTransport } from './mail-transport';
import type { MailContext } from './templates/mail-template';
import { renderMail } from './templates/registry';

export type MailOutcome = 'sent' | 'already-handled';

/** The order's receipt is not issued yet: the job is retried (BullMQ backoff) to attach it. */
export class ReceiptNotReadyError extends Error {}

/** The order's confirmation is not sent yet: this later mail of the order waits (is delayed). */
export class ConfirmationNotSentError extends Error {}

/**
 * How long after payment a later mail of an order waits for the order's confirmation at most. A
 * confirmation normally goes within a minute (it waits at most ~35 s for its receipt); one that
 * never goes (its worker died mid-send and at-most-once keeps it from a second try) must not keep
 * the buyer from hearing that the books are ready or the order cancelled.
 */
export const CONFIRMATION_WAIT_MAX_MS = 6 * 60 * 60 * 1000;

/**
 * Sends one mail job at most once. The `mail_outbox` row, unique on the job id, is written
 * `sending` BEFORE the transport is called and `sent` after. A retried job that finds the row
 * (either status) sends nothing. The price: a worker that dies between the two writes leaves a
 * row `sending` whose message may not have left, and it is not sent again; we prefer a missing
 * confirmation (the buyer still has the orders page, support can resend by hand) over a double
 * one. A transport that refuses the message (SMTP error) removes the marker so the retry sends.
 */
export class Mailer {
  constructor(
    private readonly outbox: MailOutboxModel,
    private readonly transport: MailTransport,
    private readonly context: MailContext,
    private readonly from: string,
  ) {}

  async send(
    jobId: string,
    job: MailJob,
    options: { waitForReceipt?: boolean } = {},
  ): Promise<MailOutcome> {
    if (await this.outbox.exists({ jobId })) return 'already-handled';
    if (MAIL_AFTER_CONFIRMATION.includes(job.template) && 'orderId' in job)
      await this.afterConfirmation(job.orderId);
    if (options.waitForReceipt && job.template === 'order-confirmation') {
      // An unknown order fails now (MailDataMissingError), not after the waiting retries.
      await this.context.order(job.orderId);
      if (!(await this.context.receipt(job.orderId)))
        throw new ReceiptNotReadyError(`receipt of order ${job.orderId} not issued yet`);
    }
    const mail = await renderMail(job, this.context);
    try {
      await this.outbox.create({
        jobId,
        template: job.template,
        orderId: 'orderId' in job ? job.orderId : null,
        to: job.to,
        from: this.from,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments.map((attachment) => attachment.filename),
        // The local transport's row is the message: it keeps the files for `GET /dev/mail`.
        attachmentFiles: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          size: attachment.content.length,
          content: this.transport.kind === 'local' ? attachment.content : null,
        })),
        transport: this.transport.kind,
        status: 'sending',
      });
    } catch (error) {
      // A concurrent run of the same job wrote the marker first.
      if (isDuplicateKeyError(error)) return 'already-handled';
      throw error;
    }
    let messageId: string | null;
    try {
      ({ messageId } = await this.transport.send({ ...mail, from: this.from, to: job.to }));
    } catch (error) {
      // The server refused it: nothing left, so the retry may send.
      await this.outbox.deleteOne({ jobId, status: 'sending' });
      throw error;
    }
    await this.outbox.updateOne(
      { jobId },
      { $set: { status: 'sent', messageId, sentAt: new Date() } },
    );
    return 'sent';
  }

  /**
   * The order confirmation is always the buyer's first mail of an order: a later one (shipping
   * update, ready for pickup, cancellation) throws {@link ConfirmationNotSentError} until the
   * order's confirmation row is `sent`. An order never paid gets no confirmation, so nothing
   * waits; nor after {@link CONFIRMATION_WAIT_MAX_MS} from payment.
   */
  private async afterConfirmation(orderId: string, now = new Date()): Promise<void> {
    const { paidAt } = await this.context.order(orderId);
    if (!paidAt || now.getTime() - paidAt.getTime() > CONFIRMATION_WAIT_MAX_MS) return;
    const sent = await this.outbox.exists({
      orderId,
      template: 'order-confirmation',
      status: 'sent',
    });
    if (!sent)
      throw new ConfirmationNotSentError(`order ${orderId} is not confirmed to its buyer yet`);
  }
}
