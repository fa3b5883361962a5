import { orderReference } from '@mechabrim/contracts';
import { agorot, lineTotal, sumAgorot } from '@mechabrim/money';
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
import type { MailAttachment, MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.orderConfirmation;

export const orderConfirmationTemplate: MailTemplate<'order-confirmation'> = {
  async render(job, context) {
    const order = await context.order(job.orderId);
    const receipt = await context.receipt(job.orderId);
    const shippingAgorot = agorot(order.shipping?.priceAgorot ?? 0);
    const lines = order.books.map((line) => lineTotal(agorot(line.priceAgorot), line.quantity));
    const total = agorot(order.amountDueAgorot ?? sumAgorot([...lines, shippingAgorot]));
    const rows: [string, string][] = order.books.map((line, index) => [
      `${line.book.title} × ${line.quantity}`,
      formatMoneyHe(lines[index] ?? agorot(0)),
    ]);
    if (shippingAgorot > 0) rows.push([t.shipping, formatMoneyHe(shippingAgorot)]);
    rows.push([t.total, formatMoneyHe(total)]);

    const ordersUrl = `${context.siteUrl}/orders`;
    const attachments: MailAttachment[] = [];
    let receiptLine: string = t.receiptLater;
    let receiptLink: { href: string; text: string } | null = null;
    if (receipt?.pdf) {
      attachments.push({
        filename: `receipt-${receipt.number}.pdf`,
        content: receipt.pdf,
        contentType: 'application/pdf',
      });
      receiptLine = t.receiptAttached;
    } else if (receipt?.url) {
      receiptLine = t.receiptLink;
      receiptLink = { href: receipt.url, text: t.receiptLink };
    }

    const subject = t.subject(orderReference(job.orderId));
    const greeting = m.greeting(order.user.firstName || order.user.name);
    const html = htmlDocument(subject, greeting, [
      <Paragraph>{t.intro}</Paragraph>,
      <Table rows={rows} />,
      receiptLink ? (
        <ButtonLink href={receiptLink.href}>{receiptLink.text}</ButtonLink>
      ) : (
        <Paragraph>{receiptLine}</Paragraph>
      ),
      <ButtonLink href={ordersUrl}>{t.ordersLink}</ButtonLink>,
    ]);
    const text = textDocument(greeting, [
      t.intro,
      tableText(rows),
      receiptLink ? `${receiptLink.text}: ${receiptLink.href}` : receiptLine,
      `${t.ordersLink}: ${ordersUrl}`,
    ]);
    return { subject, html, text, attachments };
  },
};
