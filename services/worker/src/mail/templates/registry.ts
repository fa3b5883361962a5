import type { MailJob, MailTemplateName } from '@mechabrim/contracts';
import { bookApprovedTemplate, bookRejectedTemplate } from './book-review.template';
import { bookSoldTemplate } from './book-sold.template';
import {
  emailChangeConfirmTemplate,
  emailChangeRequestedTemplate,
  emailVerifyTemplate,
} from './email-change.template';
import { donationThanksTemplate } from './donation-thanks.template';
import type { MailContext, MailTemplate, RenderedMail } from './mail-template';
import { newBooksTemplate } from './new-books.template';
import { orderCancelledTemplate } from './order-cancelled.template';
import { orderConfirmationTemplate } from './order-confirmation.template';
import { orderReturnedTemplate } from './order-returned.template';
import { passwordChangedTemplate } from './password-changed.template';
import { passwordResetTemplate } from './password-reset.template';
import { payoutDetailsChangedTemplate } from './payout-details-changed.template';
import { payoutStatementTemplate } from './payout-statement.template';
import { readyForPickupTemplate } from './ready-for-pickup.template';
import { returnRejectedTemplate } from './return-rejected.template';
import { reviewDecidedTemplate } from './review-decided.template';
import { shippingUpdateTemplate } from './shipping-update.template';

/** Every template by name; TypeScript refuses a name of MAIL_TEMPLATES without its template. */
export const MAIL_TEMPLATE_REGISTRY: { [K in MailTemplateName]: MailTemplate<K> } = {
  'order-confirmation': orderConfirmationTemplate,
  'shipping-update': shippingUpdateTemplate,
  'ready-for-pickup': readyForPickupTemplate,
  'book-approved': bookApprovedTemplate,
  'book-rejected': bookRejectedTemplate,
  'book-sold': bookSoldTemplate,
  'payout-details-changed': payoutDetailsChangedTemplate,
  'order-cancelled': orderCancelledTemplate,
  'order-returned': orderReturnedTemplate,
  'return-rejected': returnRejectedTemplate,
  'password-reset': passwordResetTemplate,
  'password-changed': passwordChangedTemplate,
  'email-change-confirm': emailChangeConfirmTemplate,
  'email-change-requested': emailChangeRequestedTemplate,
  'payout-statement': payoutStatementTemplate,
  'review-decided': reviewDecidedTemplate,
  'email-verify': emailVerifyTemplate,
  'new-books': newBooksTemplate,
  'donation-thanks': donationThanksTemplate,
};

/** Renders a mail job with its template. */
export function renderMail(job: MailJob, context: MailContext): Promise<RenderedMail> {
  // The registry's mapped type pairs each name with its job; TypeScript cannot follow the
  // correlation through the union, so the lookup is widened once here.
  const template = MAIL_TEMPLATE_REGISTRY[job.template] as MailTemplate<MailTemplateName>;
  return template.render(job, context);
}
