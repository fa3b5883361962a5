import { workerStringsHe } from '../../strings.he';
import { ButtonLink, htmlDocument, Paragraph, Table, tableText, textDocument } from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.reviewDecided;

/**
 * The reader's word that an admin approved or rejected their review (issue 24), with the reason
 * of a rejection and a link to the book's page. Every text the reader or the admin wrote goes
 * through the layout's escaping.
 */
export const reviewDecidedTemplate: MailTemplate<'review-decided'> = {
  render(job, context) {
    const approved = job.decision === 'approved';
    const subject = approved ? t.approvedSubject(job.bookTitle) : t.rejectedSubject(job.bookTitle);
    const intro = approved ? t.approvedIntro(job.bookTitle) : t.rejectedIntro(job.bookTitle);
    const rows: [string, string][] = [
      ...(job.reviewTitle ? [[t.reviewTitle, job.reviewTitle] as [string, string]] : []),
      ...(!approved && job.reason ? [[t.reason, job.reason] as [string, string]] : []),
    ];
    const bookUrl = `${context.siteUrl}/book/${job.bookId}`;
    const greeting = m.greeting(job.readerName);
    return Promise.resolve({
      subject,
      html: htmlDocument(subject, greeting, [
        <Paragraph>{intro}</Paragraph>,
        ...(rows.length ? [<Table rows={rows} />] : []),
        <ButtonLink href={bookUrl}>{t.bookLink}</ButtonLink>,
      ]),
      text: textDocument(greeting, [
        intro,
        ...(rows.length ? [tableText(rows)] : []),
        `${t.bookLink}: ${bookUrl}`,
      ]),
      attachments: [],
    });
  },
};
