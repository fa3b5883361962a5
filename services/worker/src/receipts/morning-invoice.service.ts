import { orderReference, withinDeadline } from '@mechabrim/contracts';
import { toShekels, type Agorot } from '@mechabrim/money';
import type { CreditNoteDraft, InvoiceService, IssuedDocument } from './invoice.service';
import type { ReceiptDraft } from './receipt-draft';
import { workerStringsHe } from '../strings.he';

/** Morning (Green Invoice) document types. */
export const MORNING_DOCUMENT_TYPES = { invoiceReceipt: 320, creditNote: 330 } as const;
/** Income row VAT: the price includes VAT (Israeli consumer prices do). */
const INCOME_VAT_INCLUDED = 1;
/** Document VAT type 0: VAT by the business's default (a licensed dealer charges it). */
const DOCUMENT_VAT_DEFAULT = 0;
/** Payment types: 3 credit card, 5 PayPal, 10 payment app (Bit). */
const PAYMENT_TYPES: Record<string, number> = { credit_card: 3, paypal: 5, bit: 10 };

interface MorningDocumentAnswer {
  id: string;
  number: number | string;
  url?: { origin?: string; he?: string; en?: string };
}

export class MorningApiError extends Error {}

/**
 * The production adapter: Morning issues and numbers the document (its own series); we keep its
 * id, number and PDF URL. Authentication: a JWT from `POST /account/token` with the API key id and
 * secret, cached until shortly before it expires.
 */
export class MorningInvoiceService implements InvoiceService {
  readonly provider = 'morning' as const;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly settings: { apiUrl: string; apiId: string; apiSecret: string },
    private readonly now: () => number = () => Date.now(),
  ) {}

  async issueInvoiceReceipt(draft: ReceiptDraft): Promise<IssuedDocument> {
    const lines = draft.lines.map((line) =>
      this.income(line.description, line.quantity, line.unitAgorot),
    );
    if (draft.shippingAgorot > 0) lines.push(this.income('משלוח', 1, draft.shippingAgorot));
    return this.createDocument({
      type: MORNING_DOCUMENT_TYPES.invoiceReceipt,
      // The order's reference as the orders page and the mail print it.
      description: `${workerStringsHe.receipt.order} ${orderReference(draft.orderId)}`,
      date: isoDay(draft.issuedAt),
      lang: 'he',
      currency: 'ILS',
      vatType: DOCUMENT_VAT_DEFAULT,
      rounding: false,
      signed: true,
      // Our own number as Morning's external reference: support finds the order from either side.
      remarks: `מספר פנימי ${draft.number}`,
      client: {
        name: draft.buyer.name,
        emails: [draft.buyer.email],
        address: draft.buyer.address,
        country: 'IL',
        add: false,
      },
      income: lines,
      payment: [
        {
          type: PAYMENT_TYPES[draft.payment.method] ?? PAYMENT_TYPES.credit_card,
          date: isoDay(draft.payment.paidAt),
          price: toShekels(draft.totalAgorot),
          currency: 'ILS',
          ...(draft.payment.cardLast4
            ? { cardNum: draft.payment.cardLast4, dealType: 1, numPayments: 1 }
            : {}),
          ...(draft.payment.transactionId ? { transactionId: draft.payment.transactionId } : {}),
        },
      ],
    });
  }

  issueCreditNote(draft: CreditNoteDraft): Promise<IssuedDocument> {
    const receipt = draft.receipt;
    return this.createDocument({
      type: MORNING_DOCUMENT_TYPES.creditNote,
      description: draft.reason,
      date: isoDay(draft.issuedAt),
      lang: 'he',
      currency: 'ILS',
      vatType: DOCUMENT_VAT_DEFAULT,
      rounding: false,
      signed: true,
      remarks: `מספר פנימי ${draft.number}; ${workerStringsHe.creditNote.credits(receipt.number)}`,
      client: {
        name: receipt.buyer.name,
        emails: [receipt.buyer.email],
        address: receipt.buyer.address,
        country: 'IL',
        add: false,
      },
      income: [this.income(draft.reason, 1, draft.amountAgorot)],
      // Morning links the note to the receipt it credits (and shows it on that receipt).
      ...(draft.providerDocumentId ? { linkedDocumentIds: [draft.providerDocumentId] } : {}),
    });
  }

  private income(description: string, quantity: number, unit: Agorot) {
    return {
      description,
      quantity,
      price: toShekels(unit),
      currency: 'ILS',
      vatType: INCOME_VAT_INCLUDED,
    };
  }

  private async createDocument(body: Record<string, unknown>): Promise<IssuedDocument> {
    const answer = (await this.call(
      '/documents',
      body,
      await this.bearer(),
    )) as MorningDocumentAnswer;
    if (!answer.id) throw new MorningApiError('Morning answered a document without an id');
    return {
      provider: this.provider,
      fileKey: null,
      providerDocumentId: answer.id,
      providerNumber: String(answer.number),
      documentUrl: answer.url?.he ?? answer.url?.origin ?? null,
    };
  }

  private async bearer(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now() + 60_000) return this.token.value;
    const answer = (await this.call('/account/token', {
      id: this.settings.apiId,
      secret: this.settings.apiSecret,
    })) as { token?: string; expires?: number };
    if (!answer.token) throw new MorningApiError('Morning answered no token');
    // `expires` is a Unix time in seconds; without it assume the documented hour.
    const expiresAt = answer.expires ? answer.expires * 1000 : this.now() + 3_600_000;
    this.token = { value: answer.token, expiresAt };
    return answer.token;
  }

  private async call(route: string, body: unknown, token?: string): Promise<unknown> {
    // The deadline covers the answer's body too (see withinDeadline).
    const { response, text } = await withinDeadline(15_000, async (signal) => {
      const answer = await fetch(`${this.settings.apiUrl}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        signal,
      });
      return { response: answer, text: await answer.text() };
    });
    if (!response.ok)
      throw new MorningApiError(
        `Morning ${route} answered ${response.status}: ${text.slice(0, 300)}`,
      );
    return JSON.parse(text) as unknown;
  }
}

function isoDay(date: Date): string {
  // Morning reads dates as Israeli calendar days.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(date);
}
