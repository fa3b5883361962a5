import { z } from 'zod';
import { emailSchema } from './fields';
import { VALIDATION_HE } from './validation-messages.he';

/** Roles of spec §6. Only `user` and `author` can be chosen at registration. */
export const USER_ROLES = ['user', 'author', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

export const REGISTRATION_ROLES = ['user', 'author'] as const;
export const registrationRoleSchema = z.enum(REGISTRATION_ROLES, {
  error: VALIDATION_HE.roleInvalid,
});

// `abort: true`: an empty field says "required" once, not also "too short" (or the password rules).
const nameSchema = z
  .string({ error: VALIDATION_HE.nameRequired })
  .trim()
  .min(1, { error: VALIDATION_HE.nameRequired, abort: true })
  .min(2, VALIDATION_HE.nameTooShort)
  .max(80, VALIDATION_HE.nameTooLong);

/**
 * Which password rules of spec §5 the text breaks (empty when it is acceptable): at least 8
 * characters, 2 digits, 1 character that is neither letter nor digit, 1 upper-case letter.
 */
export function passwordProblems(password: string): string[] {
  const rules = VALIDATION_HE.passwordRules;
  const problems: string[] = [];
  if (password.length < 8) problems.push(rules.length);
  if ((password.match(/\d/g) ?? []).length < 2) problems.push(rules.digits);
  if (!/[^\p{L}\p{N}]/u.test(password)) problems.push(rules.symbol);
  if (!/\p{Lu}/u.test(password)) problems.push(rules.upper);
  return problems;
}

/** The password rules as one schema: every failing rule joined into a single Hebrew message. */
export const newPasswordSchema = z
  .string({ error: VALIDATION_HE.passwordRequired })
  .min(1, { error: VALIDATION_HE.passwordRequired, abort: true })
  .max(128, { error: VALIDATION_HE.passwordTooLong, abort: true })
  .superRefine((password, ctx) => {
    const problems = passwordProblems(password);
    if (problems.length) {
      ctx.addIssue({
        code: 'custom',
        message: `${VALIDATION_HE.passwordIntro}: ${problems.join(', ')}`,
      });
    }
  });

/** Password strength of spec §5: weak (≤ 3 points), medium (4–5), strong (≥ 6). */
export function passwordStrength(password: string): 'weak' | 'medium' | 'strong' {
  const digits = (password.match(/\d/g) ?? []).length;
  const specials = (password.match(/[^\p{L}\p{N}]/gu) ?? []).length;
  const score = [
    password.length >= 8,
    password.length >= 12,
    /\p{Lu}/u.test(password),
    digits >= 1,
    specials >= 1,
    digits >= 2,
    specials >= 2,
  ].filter(Boolean).length;
  return score <= 3 ? 'weak' : score <= 5 ? 'medium' : 'strong';
}

const registerFields = {
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  confirmPassword: z.string().optional(),
  role: registrationRoleSchema.default('user'),
  // Checked on the field, so the form shows it beside the other fields' messages (a refinement of
  // the whole object is skipped while a field is wrong).
  agreeToTerms: z
    .boolean({ error: VALIDATION_HE.termsRequired })
    .refine((agreed) => agreed, VALIDATION_HE.termsRequired),
  agreeToAuthorsTerms: z.boolean().optional(),
};

type RegisterShape = {
  password: string;
  confirmPassword?: string;
  role: 'user' | 'author';
  agreeToTerms: boolean;
  agreeToAuthorsTerms?: boolean;
};

function checkAgreements(
  value: RegisterShape,
  ctx: z.RefinementCtx,
  confirmRequired: boolean,
): void {
  if (
    confirmRequired
      ? value.confirmPassword !== value.password
      : value.confirmPassword !== undefined && value.confirmPassword !== value.password
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['confirmPassword'],
      message: VALIDATION_HE.passwordsDoNotMatch,
    });
  }
  if (value.role === 'author' && value.agreeToAuthorsTerms !== true) {
    ctx.addIssue({
      code: 'custom',
      path: ['agreeToAuthorsTerms'],
      message: VALIDATION_HE.authorsTermsRequired,
    });
  }
}

/**
 * Body of `POST /api/auth/register` as the server enforces it. `confirmPassword` is checked when
 * sent; the site terms must be accepted, and the authors' terms too when the role is author.
 */
export const registerRequestSchema = z
  .strictObject(registerFields)
  .superRefine((value, ctx) => checkAgreements(value, ctx, false));
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type RegisterData = z.output<typeof registerRequestSchema>;

/**
 * The registration form: as the request, with the password confirmation required (on the field,
 * so an empty form shows its message with the others').
 */
export const registerFormSchema = z
  .strictObject({
    ...registerFields,
    confirmPassword: z
      .string({ error: VALIDATION_HE.confirmPasswordRequired })
      .min(1, VALIDATION_HE.confirmPasswordRequired),
  })
  .superRefine((value, ctx) => checkAgreements(value, ctx, true));

/** Body of `POST /api/auth/login`. Only presence is checked: the password rules may have changed since. */
export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: VALIDATION_HE.passwordRequired })
    .min(1, VALIDATION_HE.passwordRequired)
    .max(128),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * Body of `PUT /api/auth/profile`: name and email required (spec §5), bio and avatar optional. A
 * new e-mail address needs the current password and takes effect only when the link mailed to it
 * is followed (`POST /api/auth/email/confirm`).
 */
export const updateProfileRequestSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  /** Required when `email` is a new address: the move waits for a link sent there. */
  currentPassword: z.string().max(128).optional(),
  bio: z.string().trim().max(2000, VALIDATION_HE.bioTooLong).optional(),
  avatar: z
    .string()
    .trim()
    .max(2000, VALIDATION_HE.avatarInvalid)
    .refine((v) => v === '' || /^(https?:\/\/|\/)/.test(v), VALIDATION_HE.avatarInvalid)
    .optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/**
 * A password-reset token as mailed: 32 random bytes in base64url (43 characters). The server keeps
 * only its SHA-256 hash.
 */
export const accountTokenSchema = z
  .string({ error: VALIDATION_HE.resetLinkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, VALIDATION_HE.resetLinkInvalid);

/**
 * Body of `POST /api/auth/password/forgot`. The answer is the same whether or not the address has
 * an account.
 */
export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** Body of `POST /api/auth/password/reset`: the mailed token and the new password. */
export const resetPasswordRequestSchema = z.strictObject({
  token: accountTokenSchema,
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** The reset form: the new password twice (the token comes from the link, not the form). */
export const resetPasswordFormSchema = z
  .strictObject({
    password: newPasswordSchema,
    confirmPassword: z
      .string({ error: VALIDATION_HE.confirmPasswordRequired })
      .min(1, VALIDATION_HE.confirmPasswordRequired),
  })
  .refine((value) => value.confirmPassword === value.password, {
    path: ['confirmPassword'],
    message: VALIDATION_HE.passwordsDoNotMatch,
  });

/** Body of `PUT /api/auth/password`: the current password and the new one. */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z
    .string({ error: VALIDATION_HE.currentPasswordRequired })
    .min(1, VALIDATION_HE.currentPasswordRequired)
    .max(128),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The profile's password form: as the request, with the new password typed twice. */
export const changePasswordFormSchema = z
  .strictObject({
    currentPassword: changePasswordRequestSchema.shape.currentPassword,
    newPassword: newPasswordSchema,
    confirmPassword: z
      .string({ error: VALIDATION_HE.confirmPasswordRequired })
      .min(1, VALIDATION_HE.confirmPasswordRequired),
  })
  .refine((value) => value.confirmPassword === value.newPassword, {
    path: ['confirmPassword'],
    message: VALIDATION_HE.passwordsDoNotMatch,
  });

/** Body of `DELETE /api/auth/account`: the password, to confirm it is the owner. */
export const deleteAccountRequestSchema = z.strictObject({
  password: z
    .string({ error: VALIDATION_HE.currentPasswordRequired })
    .min(1, VALIDATION_HE.currentPasswordRequired)
    .max(128),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** Answer of the password routes: a Hebrew message to show. */
export const accountMessageAnswerSchema = z.object({ message: z.string() });
export type AccountMessageAnswer = z.infer<typeof accountMessageAnswerSchema>;

/** The user as every auth answer shows it (never the password hash). */
export const userSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  bio: z.string(),
  avatar: z.string(),
  createdAt: z.string(),
  /** A VIP club member (spec §9: free shipping always). Absent in sessions saved before it. */
  isVip: z.boolean().optional(),
  /**
   * False until the reader follows the link mailed at registration (issue 24); accounts from
   * before verification existed count as verified. Absent in sessions saved before it.
   */
  emailVerified: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Answer of login and register: the user and, kept separate, the bearer token. */
export const authAnswerSchema = z.object({ user: userSchema, token: z.string() });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** How long a sign-in hand-over code may wait to be redeemed on the other origin. */
export const HANDOVER_TTL_SECONDS = 60;

/**
 * Answer of `POST /api/auth/handover`: a single-use code that carries this sign-in to the site's
 * other origin (the store and the authors' portal). It travels in the URL's fragment, which no
 * server or log sees, and is redeemed by `POST /api/auth/handover/redeem` within
 * {@link HANDOVER_TTL_SECONDS} seconds.
 */
export const handoverAnswerSchema = z.object({ code: z.string(), expiresAt: z.string() });
export type HandoverAnswer = z.infer<typeof handoverAnswerSchema>;

/**
 * Body of `POST /api/auth/handover`: the origin of the page the code will be opened at (the
 * store's or the authors' portal's). The code is redeemed only by a request from that origin.
 */
export const handoverOfferSchema = z.strictObject({
  origin: z
    .string({ error: VALIDATION_HE.handoverOriginInvalid })
    .max(300, VALIDATION_HE.handoverOriginInvalid)
    .refine(isWebOrigin, VALIDATION_HE.handoverOriginInvalid)
    .transform((value) => new URL(value).origin),
});

/** True for an http(s) origin with nothing after it (`https://authors.mechabrim.co.il`). */
function isWebOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.origin === value.replace(/\/$/, '')
    );
  } catch {
    return false;
  }
}

/** Body of `POST /api/auth/handover/redeem`. */
export const handoverRedeemSchema = z.strictObject({
  code: z
    .string({ error: VALIDATION_HE.handoverInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, VALIDATION_HE.handoverInvalid),
});

/** Answer of `PUT /api/auth/profile`: the user, and a new token when the e-mail changed. */
export const updateProfileAnswerSchema = z.object({
  user: userSchema,
  token: z.string().optional(),
  message: z.string(),
  /** A new address waiting for its link to be followed. */
  pendingEmail: z.string().optional(),
});

/** Body of `POST /api/auth/email/confirm`: the token of the link mailed to the new address. */
export const confirmEmailRequestSchema = z.strictObject({ token: accountTokenSchema });

/** Body of `POST /api/auth/email/verify`: the token from the registration mail's link. */
export const verifyEmailRequestSchema = z.strictObject({ token: accountTokenSchema });
export type UpdateProfileAnswer = z.infer<typeof updateProfileAnswerSchema>;

/** The audience of the API's bearer tokens; a token made for anything else is refused. */
export const ACCESS_TOKEN_AUDIENCE = 'mechabrim-api';

/** What a bearer token carries. */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  role: UserRole;
  /** The session the token belongs to: it works while the session does (see `GET /api/auth/sessions`). */
  sid: string;
  /** Always {@link ACCESS_TOKEN_AUDIENCE}. */
  aud?: string;
  /** Issued-at and expiry (seconds since the epoch), set when signing. */
  iat?: number;
  exp?: number;
}

/** One of the signed-in user's sessions, as `GET /api/auth/sessions` lists them. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Kept to within an hour. */
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** A short description of the device, e.g. 'Chrome · Windows'; empty when unknown. */
  userAgent: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Answer of `GET /api/auth/sessions`: the newest first. */
export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;
