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
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.donationThanks;

const dateTimeHe = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Jerusalem',
});

/** Thanks for a direct donation to the community fund: its sum, date and reference. */
export const donationThanksTemplate: MailTemplate<'donation-thanks'> = {
  render(job, context) {
    const greeting = m.greeting(job.donorName ?? '');
    const rows: [string, string][] = [
      [t.amount, formatMoneyHe(agorot(job.amountAgorot))],
      [t.paidAt, dateTimeHe.format(new Date(job.paidAt))],
      [t.reference, job.donationId.slice(-8).toUpperCase()],
    ];
    const communityUrl = `${context.siteUrl}/community-donation`;
    return Promise.resolve({
      subject: t.subject,
      html: htmlDocument(t.subject, greeting, [
        <Paragraph>{t.intro}</Paragraph>,
        <Table rows={rows} />,
        <ButtonLink href={communityUrl}>{t.follow}</ButtonLink>,
      ]),
      text: textDocument(greeting, [t.intro, tableText(rows), `${t.follow}: ${communityUrl}`]),
      attachments: [],
    });
  },
};
