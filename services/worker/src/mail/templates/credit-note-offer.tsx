import type { ReactNode } from 'react';
import { workerStringsHe } from '../../strings.he';
import { ButtonLink, Paragraph } from './layout';
import { MailDataMissingError } from '../mail-context';
import type { MailAttachment, MailOrder, MailReceipt } from './mail-template';

const c = workerStringsHe.mail.orderCancelled;

/** The refund `ref` of the order, which its mail describes; a refund not on it is missing data. */
export function refundOnOrder(order: MailOrder, ref: string) {
  const refund = (order.refunds ?? []).find((candidate) => candidate.ref === ref);
  if (!refund) throw new MailDataMissingError(`refund ${ref} not on its order`);
  return refund;
}

/** A refund's credit note as a mail offers it: attached, linked, or promised on the orders page. */
export interface CreditNoteOffer {
  attachments: MailAttachment[];
  /** The HTML block and the plain-text line that say where the note is. */
  html: ReactNode;
  text: string;
}

/**
 * The credit note of a refund in a mail (the cancellation's and the return's): our PDF attached,
 * an invoicing provider's copy linked, or — not issued yet — a word that `/orders` will show it.
 */
export function offerCreditNote(note: MailReceipt | null): CreditNoteOffer {
  if (note?.pdf) {
    const line = c.creditNoteAttached(note.number);
    return {
      attachments: [
        {
          filename: `credit-note-${note.number}.pdf`,
          content: note.pdf,
          contentType: 'application/pdf',
        },
      ],
      html: <Paragraph>{line}</Paragraph>,
      text: line,
    };
  }
  if (note?.url) {
    const label = c.creditNoteLink(note.number);
    return {
      attachments: [],
      html: <ButtonLink href={note.url}>{label}</ButtonLink>,
      text: `${label}: ${note.url}`,
    };
  }
  return {
    attachments: [],
    html: <Paragraph>{c.creditNoteLater}</Paragraph>,
    text: c.creditNoteLater,
  };
}
