import { workerStringsHe } from '../../strings.he';
import { ButtonLink, htmlDocument, Paragraph, textDocument } from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.passwordChanged;

const dateTimeHe = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Jerusalem',
});

/** The account's password was changed or reset: when, that other sessions ended, what if not you. */
export const passwordChangedTemplate: MailTemplate<'password-changed'> = {
  render(job, context) {
    const greeting = m.greeting(job.name);
    const intro = t.intro(job.how, dateTimeHe.format(new Date(job.changedAt)));
    const forgotUrl = `${context.siteUrl}/forgot-password`;
    return Promise.resolve({
      subject: t.subject,
      html: htmlDocument(t.subject, greeting, [
        <Paragraph>{intro}</Paragraph>,
        <Paragraph>{t.sessions(job.how)}</Paragraph>,
        <Paragraph>{t.notYou}</Paragraph>,
        <ButtonLink href={forgotUrl}>{t.forgot}</ButtonLink>,
      ]),
      text: textDocument(greeting, [
        intro,
        t.sessions(job.how),
        t.notYou,
        `${t.forgot}: ${forgotUrl}`,
      ]),
      attachments: [],
    });
  },
};
