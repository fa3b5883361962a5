import { PASSWORD_RESET_TTL_MINUTES } from '@mechabrim/contracts';
import { workerStringsHe } from '../../strings.he';
import { ButtonLink, htmlDocument, Paragraph, textDocument } from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;
const t = m.passwordReset;

const timeHe = new Intl.DateTimeFormat('he-IL', {
  timeStyle: 'short',
  timeZone: 'Asia/Jerusalem',
});

/**
 * The single-use link to a new password. The token is in the link's fragment (`#token=`), which
 * the browser never sends to a server: the reset page reads it and posts it.
 */
export const passwordResetTemplate: MailTemplate<'password-reset'> = {
  render(job, context) {
    const url = `${context.siteUrl}/reset-password#token=${job.token}`;
    const greeting = m.greeting(job.name);
    const validity = t.validity(PASSWORD_RESET_TTL_MINUTES, timeHe.format(new Date(job.expiresAt)));
    return Promise.resolve({
      subject: t.subject,
      html: htmlDocument(t.subject, greeting, [
        <Paragraph>{t.intro}</Paragraph>,
        <ButtonLink href={url}>{t.action}</ButtonLink>,
        <Paragraph>{validity}</Paragraph>,
        <Paragraph>{t.notYou}</Paragraph>,
      ]),
      text: textDocument(greeting, [t.intro, url, validity, t.notYou]),
      attachments: [],
    });
  },
};
