import { EMAIL_CHANGE_TTL_HOURS, EMAIL_VERIFY_TTL_HOURS } from '@mechabrim/contracts';
import { workerStringsHe } from '../../strings.he';
import { htmlDocument, link, paragraph, textDocument } from './layout';
import type { MailTemplate } from './mail-template';

const m = workerStringsHe.mail;

const dateTimeHe = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Jerusalem',
});

/**
 * To the new address: the single-use link that moves the account there. The token is in the
 * link's fragment, which the browser never sends to a server.
 */
export const emailChangeConfirmTemplate: MailTemplate<'email-change-confirm'> = {
  render(job, context) {
    const t = m.emailChangeConfirm;
    const url = `${context.siteUrl}/confirm-email#token=${job.token}`;
    const greeting = m.greeting(job.name);
    const validity = t.validity(EMAIL_CHANGE_TTL_HOURS);
    return Promise.resolve({
      subject: t.subject,
      html: htmlDocument(t.subject, greeting, [
        paragraph(t.intro),
        link(url, t.action),
        paragraph(validity),
        paragraph(t.notYou),
      ]),
      text: textDocument(greeting, [t.intro, url, validity, t.notYou]),
      attachments: [],
    });
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
        paragraph(intro),
        paragraph(t.notYou),
        link(forgotUrl, t.forgot),
      ]),
      text: textDocument(greeting, [intro, t.notYou, `${t.forgot}: ${forgotUrl}`]),
      attachments: [],
    });
  },
};

/**
 * The registration's link that verifies the account's address (issue 24); the token is in the
 * link's fragment, like the other account links.
 */
export const emailVerifyTemplate: MailTemplate<'email-verify'> = {
  render(job, context) {
    const t = m.emailVerify;
    const url = `${context.siteUrl}/verify-email#token=${job.token}`;
    const greeting = m.greeting(job.name);
    const validity = t.validity(EMAIL_VERIFY_TTL_HOURS);
    return Promise.resolve({
      subject: t.subject,
      html: htmlDocument(t.subject, greeting, [
        paragraph(t.intro),
        link(url, t.action),
        paragraph(validity),
        paragraph(t.notYou),
      ]),
      text: textDocument(greeting, [t.intro, url, validity, t.notYou]),
      attachments: [],
    });
  },
};
