import { orderReference } from '@mechabrim/contracts';
import type { CreditNoteReason } from '@mechabrim/db';
import { agorot, vatPercentOn, type Agorot } from '@mechabrim/money';
import { workerStringsHe } from '../strings.he';
import { vatBreakdown, type ReceiptDraft } from './receipt-draft';

/** Everything a credit note (חשבונית זיכוי) states, whoever renders it. Money in integer agorot. */
export interface CreditNoteDraft {
  /** Our number in the credit-note series, and the note's date. */
  number: number;
  issuedAt: Date;
  /** The invoice-receipt credited: its number, buyer and the payment being refunded. */
  receipt: ReceiptDraft;
  /** The provider's id of the receipt being credited, when it has one. */
  providerDocumentId: string | null;
  /** The amount credited, VAT included: `netAgorot + vatAgorot === amountAgorot`. */
  amountAgorot: Agorot;
  netAgorot: Agorot;
  vatAgorot: Agorot;
  /** The VAT rate in force on the note's date (`vatPercentOn(issuedAt)`). */
  vatPercent: number;
  reasonCode: CreditNoteReason;
  /** The reason line the note prints ("ביטול הזמנה 9B61979A"). */
  reason: string;
}

/** The VAT inside a credited amount, by the rate in force on the note's date. */
export function creditNoteVat(
  amountAgorot: number,
  issuedAt: Date,
): { netAgorot: Agorot; vatAgorot: Agorot; vatPercent: number } {
  const vatPercent = vatPercentOn(issuedAt);
  return { ...vatBreakdown(agorot(amountAgorot), vatPercent), vatPercent };
}

/**
 * The credit note of a refund of `amountAgorot` against `receipt`, dated `issuedAt`, its VAT by
 * the rate in force on that date.
 */
export function creditNoteDraftOf(input: {
  number: number;
  issuedAt: Date;
  receipt: ReceiptDraft;
  providerDocumentId: string | null;
  amountAgorot: number;
  reason: CreditNoteReason;
}): CreditNoteDraft {
  const amountAgorot = agorot(input.amountAgorot);
  return {
    number: input.number,
    issuedAt: input.issuedAt,
    receipt: input.receipt,
    providerDocumentId: input.providerDocumentId,
    amountAgorot,
    ...creditNoteVat(amountAgorot, input.issuedAt),
    reasonCode: input.reason,
    reason: workerStringsHe.creditNote.reasons[input.reason](orderReference(input.receipt.orderId)),
  };
}
