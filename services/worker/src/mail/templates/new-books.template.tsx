import { workerStringsHe } from '../../strings.he';
import {
  ButtonLink,
  DetailList,
  detailListText,
  htmlDocument,
  Paragraph,
  textDocument,
} from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.newBooks;

const dayHe = new Intl.DateTimeFormat('he-IL', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * The day's new books by authors the reader follows (issue 24), with a link to each and an
 * unsubscribe link that needs no sign-in: its token is in the fragment, which the browser never
 * sends to a server.
 */
export const newBooksTemplate: MailTemplate<'new-books'> = {
  render(job, context) {
    const greeting = m.greeting(job.name);
    const subject = t.subject(job.books.length);
    const intro = t.intro(dayHe.format(new Date(`${job.day}T00:00:00Z`)));
    const items = job.books.map((book) => ({
      lead: book.title,
      detail: `${t.byAuthor(book.authorName)} · ${context.siteUrl}/book/${book.id}`,
    }));
    const unsubscribeUrl = `${context.siteUrl}/unsubscribe#token=${job.unsubscribeToken}`;
    return Promise.resolve({
      subject,
      html: htmlDocument(subject, greeting, [
        <Paragraph>{intro}</Paragraph>,
        <DetailList items={items} />,
        <Paragraph>{t.unsubscribeNote}</Paragraph>,
        <ButtonLink href={unsubscribeUrl}>{t.unsubscribe}</ButtonLink>,
      ]),
      text: textDocument(greeting, [
        intro,
        detailListText(items),
        t.unsubscribeNote,
        `${t.unsubscribe}: ${unsubscribeUrl}`,
      ]),
      attachments: [],
    });
  },
};
