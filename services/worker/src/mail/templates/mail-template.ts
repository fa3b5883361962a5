import type { MailJobOf, MailTemplateName } from '@mechabrim/contracts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One message as a template renders it: Hebrew subject, RTL HTML and the same as plain text. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** A paid order as the mail templates read it (a lean `orders` document). */
export interface MailOrder {
  _id: { toString(): string };
  user: { name: string; firstName?: string | null };
  books: {
    book: { title: string; authorName?: string | null };
    quantity: number;
    priceAgorot: number;
  }[];
  shipping?: { priceAgorot: number } | null;
  amountDueAgorot?: number | null;
  totalAmountAgorot: number;
  /** When the order was paid: a paid order's buyer gets an order confirmation first. */
  paidAt?: Date | null;
  /** Money given back, with its reference (the `order-cancelled` mail names one). */
  refunds?: { ref: string; amountAgorot: number; feeAgorot: number }[] | null;
  /** The buyer's return of books, if any (the `order-returned` mail lists its copies). */
  return?: { lines: { lineIndex: number; quantity: number }[]; refundRef?: string | null } | null;
}

/** The order's receipt as mail can offer it: the PDF to attach, or the provider's link. */
export interface MailReceipt {
  number: number;
  pdf: Buffer | null;
  url: string | null;
}

/** An author's payout as its statement mail reads it (agorot), with the statement's PDF. */
export interface MailPayoutStatement {
  period: string;
  heldReason: 'on-hold' | 'no-details' | null;
  withholdingPercent: number;
  balanceAgorot: number;
  grossAgorot: number;
  withheldAgorot: number;
  netAgorot: number;
  carriedOverAgorot: number;
  /** The statement's PDF, or null while it is not written. */
  pdf: Buffer | null;
}

/** What templates may look up; the mail module provides it. */
export interface MailContext {
  siteUrl: string;
  order(orderId: string): Promise<MailOrder>;
  /** The issued receipt of the order, or null while it is not issued yet. */
  receipt(orderId: string): Promise<MailReceipt | null>;
  /** The issued credit note of a refund, or null while it is not issued yet. */
  creditNote(refundRef: string): Promise<MailReceipt | null>;
  /** A payout and its statement (a payout that does not exist is an error that stays). */
  payoutStatement(payoutId: string): Promise<MailPayoutStatement>;
}

/**
 * One kind of mail. To add one: its job schema in `@mechabrim/contracts` (MAIL_TEMPLATES and
 * mailJobSchema), a file here exporting a `MailTemplate`, and its line in `registry.ts`.
 */
export interface MailTemplate<T extends MailTemplateName> {
  render(job: MailJobOf<T>, context: MailContext): Promise<RenderedMail>;
}
