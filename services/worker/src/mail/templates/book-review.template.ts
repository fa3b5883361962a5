import type { PreflightReportItem } from '@mechabrim/contracts';
import { workerStringsHe } from '../../strings.he';
import { htmlDocument, paragraph, table, tableText, textDocument } from './layout';
import type { MailTemplate, RenderedMail } from './mail-template';

const m = workerStringsHe.mail;

function reportRows(report: PreflightReportItem[]): [string, string][] {
  return report.map((item) => [
    item.check,
    item.detail
      ? `${item.passed ? m.passed : m.failed}: ${item.detail}`
      : item.passed
        ? m.passed
        : m.failed,
  ]);
}

function reviewMail(
  subject: string,
  authorName: string,
  intro: string,
  reportTitle: string,
  report: PreflightReportItem[],
  note?: string,
): RenderedMail {
  const greeting = m.greeting(authorName);
  const rows = reportRows(report);
  const lead = note ? [intro, note] : [intro];
  return {
    subject,
    html: htmlDocument(subject, greeting, [
      ...lead.map(paragraph),
      paragraph(reportTitle),
      table(rows),
    ]),
    text: textDocument(greeting, [...lead, reportTitle, tableText(rows)]),
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
