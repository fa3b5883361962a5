import { orderReference } from '@mechabrim/contracts';
import { workerStringsHe } from '../../strings.he';
import { ButtonLink, htmlDocument, Paragraph, Table, tableText, textDocument } from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.returnRejected;

/**
 * The buyer's word that an admin refused their return of books, and why. Queued by the API's
 * outbox in the rejection's own transaction.
 */
export const returnRejectedTemplate: MailTemplate<'return-rejected'> = {
  async render(job, context) {
    const order = await context.order(job.orderId);
    const rows: [string, string][] = [[t.reason, job.reason]];
    const ordersUrl = `${context.siteUrl}/orders`;
    const subject = t.subject(orderReference(job.orderId));
    const greeting = m.greeting(order.user.firstName || order.user.name);
    return {
      subject,
      html: htmlDocument(subject, greeting, [
        <Paragraph>{t.intro}</Paragraph>,
        <Table rows={rows} />,
        <Paragraph>{t.questions}</Paragraph>,
        <ButtonLink href={ordersUrl}>{m.orderConfirmation.ordersLink}</ButtonLink>,
      ]),
      text: textDocument(greeting, [
        t.intro,
        tableText(rows),
        t.questions,
        `${m.orderConfirmation.ordersLink}: ${ordersUrl}`,
      ]),
      attachments: [],
    };
  },
};
