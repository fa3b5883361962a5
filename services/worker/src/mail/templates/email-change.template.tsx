import { EMAIL_CHANGE_TTL_HOURS, EMAIL_VERIFY_TTL_HOURS } from '@mechabrim/contracts';
import { workerStringsHe } from '../../strings.he';
import { ButtonLink, htmlDocument, Paragraph, textDocument } from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;

const dateTimeHe = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Jerusalem',
});

/**
 * A mail whose whole point is one single-use account link: greeting, why, the link, how long it
 * holds and what to do if it was not you. The token rides in the link's fragment, which the
 * browser never sends to a server.
 */
function accountLinkMail(
  copy: { subject: string; intro: string; action: string; notYou: string },
  name: string,
  url: string,
  validity: string,
) {
  const greeting = m.greeting(name);
  return Promise.resolve({
    subject: copy.subject,
    html: htmlDocument(copy.subject, greeting, [
      <Paragraph>{copy.intro}</Paragraph>,
      <ButtonLink href={url}>{copy.action}</ButtonLink>,
      <Paragraph>{validity}</Paragraph>,
      <Paragraph>{copy.notYou}</Paragraph>,
    ]),
    text: textDocument(greeting, [copy.intro, url, validity, copy.notYou]),
    attachments: [],
  });
}

/** To the new address: the single-use link that moves the account there. */
export const emailChangeConfirmTemplate: MailTemplate<'email-change-confirm'> = {
  render(job, context) {
    const t = m.emailChangeConfirm;
    return accountLinkMail(
      t,
      job.name,
      `${context.siteUrl}/confirm-email#token=${job.token}`,
      t.validity(EMAIL_CHANGE_TTL_HOURS),
    );
  },
};

/** To the current address: a move to another address was asked for; what to do if not you. */
export const emailChangeRequestedTemplate: MailTemplate<'email-change-requested'> = {
  render(job, context) {
    const t = m.emailChangeRequested;
    const greeting = m.greeting(job.name);
    const intro = t.intro(job.newEmail, dateTimeHe.format(new Date(job.requestedAt)));
    const forgotUrl = `${context.siteUrl}/forgot-password`;
    return Promise.resolve({
      subject: t.subject,
      html: htmlDocument(t.subject, greeting, [
        <Paragraph>{intro}</Paragraph>,
        <Paragraph>{t.notYou}</Paragraph>,
        <ButtonLink href={forgotUrl}>{t.forgot}</ButtonLink>,
      ]),
      text: textDocument(greeting, [intro, t.notYou, `${t.forgot}: ${forgotUrl}`]),
      attachments: [],
    });
  },
};

/** The registration's link that verifies the account's address (issue 24). */
export const emailVerifyTemplate: MailTemplate<'email-verify'> = {
  render(job, context) {
    const t = m.emailVerify;
    return accountLinkMail(
      t,
      job.name,
      `${context.siteUrl}/verify-email#token=${job.token}`,
      t.validity(EMAIL_VERIFY_TTL_HOURS),
    );
  },
};
