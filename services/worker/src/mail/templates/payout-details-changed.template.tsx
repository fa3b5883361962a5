import { workerStringsHe } from '../../strings.he';
import { ButtonLink, htmlDocument, Paragraph, Table, tableText, textDocument } from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.payoutDetailsChanged;

const dateTimeHe = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Jerusalem',
});

/**
 * The author's bank details for payouts were saved or changed. Only the masked account is in the
 * message; a change also says the next payout waits for a review, and what to do if it was not them.
 */
export const payoutDetailsChangedTemplate: MailTemplate<'payout-details-changed'> = {
  render(job, context) {
    const subject = t.subject(job.firstTime);
    const greeting = m.greeting(job.authorName);
    const intro = t.intro(job.firstTime);
    const rows: [string, string][] = [
      [t.bank, job.bankName],
      [t.account, job.accountMasked],
      [t.changedAt, dateTimeHe.format(new Date(job.changedAt))],
    ];
    const notes = job.firstTime ? [t.notYou] : [t.hold, t.notYou];
    const contactUrl = `${context.siteUrl}/contact`;
    return Promise.resolve({
      subject,
      html: htmlDocument(subject, greeting, [
        <Paragraph>{intro}</Paragraph>,
        <Table rows={rows} />,
        ...notes.map((note) => <Paragraph>{note}</Paragraph>),
        <ButtonLink href={contactUrl}>{t.contact}</ButtonLink>,
      ]),
      text: textDocument(greeting, [
        intro,
        tableText(rows),
        ...notes,
        `${t.contact}: ${contactUrl}`,
      ]),
      attachments: [],
    });
  },
};
