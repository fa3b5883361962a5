import { orderReference } from '@mechabrim/contracts';
import { agorot } from '@mechabrim/money';
import { workerStringsHe } from '../../strings.he';
import {
  ButtonLink,
  formatMoneyHe,
  htmlDocument,
  Paragraph,
  Table,
  tableText,
  textDocument,
} from './layout';
import { offerCreditNote, refundOnOrder } from './credit-note-offer';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.orderReturned;

/**
 * The buyer's word that the books they sent back arrived: each returned book and its copies, the
 * refund sent to the card, with the refund's credit note attached (or linked, from an invoicing
 * provider). Queued by the `refunds` job once the provider gave the money back.
 */
export const orderReturnedTemplate: MailTemplate<'order-returned'> = {
  async render(job, context) {
    const order = await context.order(job.orderId);
    const refund = refundOnOrder(order, job.refundRef);
    const creditNote = await context.creditNote(job.refundRef);
    const rows: [string, string][] = (order.return?.lines ?? []).flatMap((line) => {
      const book = order.books[line.lineIndex];
      return book ? [[book.book.title, t.copies(line.quantity)] as [string, string]] : [];
    });
    rows.push([t.refund, formatMoneyHe(agorot(refund.amountAgorot))]);

    const note = offerCreditNote(creditNote);

    const ordersUrl = `${context.siteUrl}/orders`;
    const subject = t.subject(orderReference(job.orderId));
    const greeting = m.greeting(order.user.firstName || order.user.name);
    return {
      subject,
      html: htmlDocument(subject, greeting, [
        <Paragraph>{t.intro}</Paragraph>,
        <Table rows={rows} />,
        <Paragraph>{t.refunded}</Paragraph>,
        <Paragraph>{t.shippingNotRefunded}</Paragraph>,
        note.html,
        <ButtonLink href={ordersUrl}>{m.orderConfirmation.ordersLink}</ButtonLink>,
      ]),
      text: textDocument(greeting, [
        t.intro,
        tableText(rows),
        t.refunded,
        t.shippingNotRefunded,
        note.text,
        `${m.orderConfirmation.ordersLink}: ${ordersUrl}`,
      ]),
      attachments: note.attachments,
    };
  },
};
