import { orderReference } from '@mechabrim/contracts';
import { workerStringsHe } from '../../strings.he';
import { htmlDocument, link, paragraph, table, tableText, textDocument } from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.shippingUpdate;

export const shippingUpdateTemplate: MailTemplate<'shipping-update'> = {
  async render(job, context) {
    const order = await context.order(job.orderId);
    const subject = t.subject(orderReference(job.orderId));
    const greeting = m.greeting(order.user.firstName || order.user.name);
    const rows = job.trackingNumbers.map((number, index): [string, string] => [
      `${index + 1}`,
      number,
    ]);
    const carrier = job.carrier ? [t.carrier(job.carrier)] : [];
    const ordersUrl = `${context.siteUrl}/orders`;
    return {
      subject,
      html: htmlDocument(subject, greeting, [
        paragraph(t.intro),
        table(rows),
        ...carrier.map(paragraph),
        link(ordersUrl, m.orderConfirmation.ordersLink),
      ]),
      text: textDocument(greeting, [
        t.intro,
        tableText(rows),
        ...carrier,
        `${m.orderConfirmation.ordersLink}: ${ordersUrl}`,
      ]),
      attachments: [],
    };
  },
};
