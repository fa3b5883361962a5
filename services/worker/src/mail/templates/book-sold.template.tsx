import { agorot } from '@mechabrim/money';
import { workerStringsHe } from '../../strings.he';
import { formatMoneyHe, htmlDocument, Paragraph, Table, tableText, textDocument } from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.bookSold;

export const bookSoldTemplate: MailTemplate<'book-sold'> = {
  render(job) {
    const subject = t.subject(job.bookTitle, job.quantity);
    const greeting = m.greeting(job.authorName);
    const intro = t.intro(job.bookTitle, job.quantity);
    const rows: [string, string][] = [[t.earnings, formatMoneyHe(agorot(job.earningsAgorot))]];
    return Promise.resolve({
      subject,
      html: htmlDocument(subject, greeting, [
        <Paragraph>{intro}</Paragraph>,
        <Table rows={rows} />,
      ]),
      text: textDocument(greeting, [intro, tableText(rows)]),
      attachments: [],
    });
  },
};
