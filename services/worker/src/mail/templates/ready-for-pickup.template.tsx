import { orderReference, PICKUP_BRANCH } from '@mechabrim/contracts';
import { workerStringsHe } from '../../strings.he';
import { ButtonLink, htmlDocument, Paragraph, Table, tableText, textDocument } from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.readyForPickup;

/** A self-pickup order waits at the Tel Aviv branch: its address and hours (`PICKUP_BRANCH`). */
export const readyForPickupTemplate: MailTemplate<'ready-for-pickup'> = {
  async render(job, context) {
    const order = await context.order(job.orderId);
    const subject = t.subject(orderReference(job.orderId));
    const greeting = m.greeting(order.user.firstName || order.user.name);
    const rows: [string, string][] = [
      [t.address, PICKUP_BRANCH.addressHe],
      [t.hours, PICKUP_BRANCH.hoursHe],
    ];
    const ordersUrl = `${context.siteUrl}/orders`;
    return {
      subject,
      html: htmlDocument(subject, greeting, [
        <Paragraph>{t.intro}</Paragraph>,
        <Table rows={rows} />,
        <Paragraph>{t.bring}</Paragraph>,
        <ButtonLink href={ordersUrl}>{m.orderConfirmation.ordersLink}</ButtonLink>,
      ]),
      text: textDocument(greeting, [
        t.intro,
        tableText(rows),
        t.bring,
        `${m.orderConfirmation.ordersLink}: ${ordersUrl}`,
      ]),
      attachments: [],
    };
  },
};
