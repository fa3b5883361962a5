import { orderReference } from '@mechabrim/contracts';
import { workerStringsHe } from '../../strings.he';
import { ButtonLink, htmlDocument, Paragraph, Table, tableText, textDocument } from './layout';
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
        <Paragraph>{t.intro}</Paragraph>,
        <Table rows={rows} />,
        ...carrier.map((line) => <Paragraph>{line}</Paragraph>),
        <ButtonLink href={ordersUrl}>{m.orderConfirmation.ordersLink}</ButtonLink>,
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
