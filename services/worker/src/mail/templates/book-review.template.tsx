import type { ReactNode } from 'react';
import { preflightLabelsHe, type PreflightReportItem } from '@mechabrim/contracts';
import { workerStringsHe } from '../../strings.he';
import { DetailList, detailListText, htmlDocument, Paragraph, textDocument } from './layout';
import type { MailTemplate, RenderedMail } from './mail-template';

const m = workerStringsHe.mail;

/** Each check as the author portal shows it: its title, its verdict, what was found. */
function reportItems(report: PreflightReportItem[]): { lead: string; detail: string }[] {
  return report.map((item) => {
    const verdict = preflightLabelsHe.check[item.status ?? (item.passed ? 'pass' : 'fail')];
    return {
      lead: item.check,
      detail: item.detail ? `${verdict}: ${item.detail}` : verdict,
    };
  });
}

/**
 * A decision's mail: the intro, then its section ('תוצאות הבדיקה' / 'מה צריך לתקן') with what the
 * admin wrote and the preflight's checks; a section with nothing in it is left out.
 */
function reviewMail(
  subject: string,
  authorName: string,
  intro: string,
  sectionTitle: string,
  report: PreflightReportItem[],
  note?: string,
): RenderedMail {
  const greeting = m.greeting(authorName);
  const items = reportItems(report);
  const html: ReactNode[] = [<Paragraph>{intro}</Paragraph>];
  const text: string[] = [intro];
  if (note || items.length > 0) {
    html.push(<Paragraph>{sectionTitle}</Paragraph>);
    text.push(sectionTitle);
  }
  if (note) {
    html.push(<Paragraph>{note}</Paragraph>);
    text.push(note);
  }
  if (items.length > 0) {
    html.push(<DetailList items={items} />);
    text.push(detailListText(items));
  }
  return {
    subject,
    html: htmlDocument(subject, greeting, html),
    text: textDocument(greeting, text),
    attachments: [],
  };
}

export const bookApprovedTemplate: MailTemplate<'book-approved'> = {
  render(job) {
    const t = m.bookApproved;
    return Promise.resolve(
      reviewMail(
        t.subject(job.bookTitle),
        job.authorName,
        t.intro(job.bookTitle),
        t.report,
        job.report,
      ),
    );
  },
};

export const bookRejectedTemplate: MailTemplate<'book-rejected'> = {
  render(job) {
    const t = m.bookRejected;
    // The author acts on what failed: those checks first.
    const report = [...job.report].sort((a, b) => Number(a.passed) - Number(b.passed));
    return Promise.resolve(
      reviewMail(
        t.subject(job.bookTitle),
        job.authorName,
        t.intro(job.bookTitle),
        t.report,
        report,
        job.reason ? t.reason(job.reason) : undefined,
      ),
    );
  },
};
