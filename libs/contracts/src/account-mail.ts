import { z } from 'zod';
import { accountTokenSchema } from './auth';

/** Mails about the account itself (issue 24), sent straight to the mail queue. */
export const ACCOUNT_MAIL_TEMPLATES = [
  'password-reset',
  'password-changed',
  'email-change-confirm',
  'email-change-requested',
  'email-verify',
] as const;

/** How long a password-reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** How long the link confirming a new e-mail address works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** How long the link verifying a new account's address works. */
export const EMAIL_VERIFY_TTL_HOURS = 48;

const mailTo = z.email().max(254);
const nameField = z.string().min(1).max(120);

/**
 * `password-reset`: the single-use link to set a new password. The token rides in the job only:
 * the job is added straight to the mail queue and removed once sent (never kept in the outbox),
 * and the server stores only its hash. The link puts it in the fragment, which browsers never send
 * to a server, so no access log holds it.
 */
export const passwordResetMailSchema = z.strictObject({
  template: z.literal('password-reset'),
  to: mailTo,
  name: nameField,
  token: accountTokenSchema,
  expiresAt: z.iso.datetime(),
});

/**
 * `password-changed`: tells the account's owner that the password was changed (from the profile)
 * or reset (through a mailed link), and that every other session was ended.
 */
export const passwordChangedMailSchema = z.strictObject({
  template: z.literal('password-changed'),
  to: mailTo,
  name: nameField,
  changedAt: z.iso.datetime(),
  how: z.enum(['changed', 'reset']),
});

/**
 * `email-change-confirm`: sent to the NEW address; following its single-use link moves the account
 * there. Like the reset link, the token rides in the job only and in the link's fragment.
 */
export const emailChangeConfirmMailSchema = z.strictObject({
  template: z.literal('email-change-confirm'),
  to: mailTo,
  name: nameField,
  token: accountTokenSchema,
  expiresAt: z.iso.datetime(),
});

/**
 * `email-change-requested`: tells the CURRENT address that a move to another address was asked
 * for, and what to do if it was not the owner.
 */
export const emailChangeRequestedMailSchema = z.strictObject({
  template: z.literal('email-change-requested'),
  to: mailTo,
  name: nameField,
  newEmail: mailTo,
  requestedAt: z.iso.datetime(),
});

/**
 * `email-verify`: sent at registration (and again on request) to the account's address; following
 * its single-use link marks the address verified. The token rides in the job and the link's
 * fragment only, like the reset link.
 */
export const emailVerifyMailSchema = z.strictObject({
  template: z.literal('email-verify'),
  to: mailTo,
  name: nameField,
  token: accountTokenSchema,
  expiresAt: z.iso.datetime(),
});
