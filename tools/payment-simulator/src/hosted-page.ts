import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { PaymentFailureCode } from '@mechabrim/contracts';
import {
  cardDigits,
  decideCard,
  isExpired,
  isValidIsraeliId,
  parseExpiry,
  RESPONSE_CODES,
  type CardDecision,
} from './cards';
import { send, withQuery } from './http';
import type { Notifier } from './notifier';
import { agorotOf, completeOrder, orderFields } from './order-fields';
import { cardFormPage, messagePage, PAGE_HE, type OrderFields } from './page';
import type { SimulatedTransaction } from './types';

const TERMINAL = /^[A-Za-z0-9_-]{1,40}$/;

/** An amount lock the handshake gave: the terminal and the sum (in agorot) it is bound to. */
interface AmountLock {
  terminal: string;
  sumAgorot: number;
  /** An approved payment used it: the page will not charge it again. */
  used: boolean;
}

function samePassword(given: string, expected: string): boolean {
  const a = createHmac('sha256', 'compare').update(given).digest();
  const b = createHmac('sha256', 'compare').update(expected).digest();
  return timingSafeEqual(a, b);
}

export interface HostedPageOptions {
  /** The terminal's password (`TranzilaPW`) the handshake must be asked with. */
  terminalPassword: string;
  now: () => Date;
  /** Every payment decided, by transaction number. */
  transactions: Map<string, SimulatedTransaction>;
  /** A transaction number no payment or credit has. */
  newIndex: () => string;
  notifier: Notifier;
}

/**
 * Tranzila's handshake and hosted card form: the handshake binds a token to the terminal and the
 * sum; the page refuses fields without that token or for another sum, decides the card, notifies
 * the shop and redirects the frame.
 */
export class HostedPage {
  private readonly locks = new Map<string, AmountLock>();

  constructor(private readonly options: HostedPageOptions) {}

  /** `tranzila71dt.cgi` with `op=1`: a token bound to the terminal and the sum, as plain text. */
  handshake(params: URLSearchParams, response: ServerResponse) {
    const supplier = params.get('supplier') ?? '';
    const sumAgorot = agorotOf(params.get('sum') ?? undefined);
    if (params.get('op') !== '1' || !TERMINAL.test(supplier) || sumAgorot === null) {
      return send(response, 400, 'error=bad handshake request', 'text/plain');
    }
    if (!samePassword(params.get('TranzilaPW') ?? '', this.options.terminalPassword)) {
      return send(response, 403, 'error=bad terminal password', 'text/plain');
    }
    const token = randomBytes(24).toString('base64url');
    this.locks.set(token, { terminal: supplier, sumAgorot, used: false });
    return send(response, 200, new URLSearchParams({ thtk: token }).toString(), 'text/plain');
  }

  /** The card form, for an order whose lock holds. */
  show(terminal: string, params: URLSearchParams, response: ServerResponse) {
    const fields = orderFields(params);
    if (!completeOrder(fields))
      return send(response, 400, messagePage(PAGE_HE.errors.missingOrder));
    const refused = this.lockProblem(terminal, fields);
    if (refused) return send(response, 403, messagePage(refused));
    return send(response, 200, cardFormPage(`/${terminal}/pay`, fields));
  }

  /** The card form submitted: decided, recorded, notified, and the frame redirected. */
  async submitCard(terminal: string, params: URLSearchParams, response: ServerResponse) {
    const fields = orderFields(params);
    const order = completeOrder(fields);
    if (!order) return send(response, 400, messagePage(PAGE_HE.errors.missingOrder));
    const refused = this.lockProblem(terminal, fields);
    if (refused) return send(response, 403, messagePage(refused));
    const problems: string[] = [];
    const expiry = parseExpiry(params.get('expdate') ?? '');
    if (!expiry) problems.push(PAGE_HE.errors.expiry);
    if (!/^\d{3,4}$/.test((params.get('mycvv') ?? '').trim())) problems.push(PAGE_HE.errors.cvv);
    if (!isValidIsraeliId(params.get('myid') ?? '')) problems.push(PAGE_HE.errors.id);
    if (problems.length || !expiry) {
      return send(response, 422, cardFormPage(`/${terminal}/pay`, fields, problems));
    }
    const digits = cardDigits(params.get('ccno') ?? '');
    let decision: CardDecision = decideCard(digits);
    if (decision.approved && isExpired(expiry, this.options.now())) {
      decision = {
        approved: false,
        responseCode: RESPONSE_CODES.EXPIRED_CARD,
        errorCode: 'EXPIRED_CARD',
      };
    }
    // The lock is spent before anything is awaited: a double submit cannot charge twice.
    const lock = fields.thtk ? this.locks.get(fields.thtk) : undefined;
    if (decision.approved && lock) lock.used = true;
    const location = await this.settle(order, decision, digits);
    response.writeHead(303, { location, 'cache-control': 'no-store' });
    response.end();
  }

  /** Why the page refuses these fields for this terminal, or null when the lock holds. */
  private lockProblem(terminal: string, fields: OrderFields): string | null {
    if (!fields.thtk) return PAGE_HE.errors.noToken;
    const lock = this.locks.get(fields.thtk);
    if (!lock || lock.terminal !== terminal) return PAGE_HE.errors.badToken;
    if (agorotOf(fields.sum) !== lock.sumAgorot) return PAGE_HE.errors.sumMismatch;
    if (lock.used) return PAGE_HE.errors.tokenUsed;
    return null;
  }

  /** Records the decided payment, notifies the shop, and answers where the frame goes. */
  private async settle(
    order: NonNullable<ReturnType<typeof completeOrder>>,
    decision: CardDecision,
    digits: string,
  ): Promise<string> {
    const index = this.options.newIndex();
    const confirmationCode = decision.approved
      ? String(randomInt(1_000_000, 9_999_999))
      : '0000000';
    this.options.transactions.set(index, {
      index,
      payment_ref: order.paymentRef,
      Response: decision.responseCode,
      ConfirmationCode: confirmationCode,
      sum: order.sum,
      currency: order.currency,
      refunded_sum: '0.00',
    });
    const failure: PaymentFailureCode | undefined = decision.approved
      ? undefined
      : decision.errorCode;
    const message = failure ? PAGE_HE.failureMessages[failure] : undefined;
    await this.options.notifier.deliver(order.notifyUrl, {
      payment_ref: order.paymentRef,
      Response: decision.responseCode,
      index,
      ConfirmationCode: confirmationCode,
      sum: order.sum,
      currency: order.currency,
      ...(failure ? { error_code: failure, error_message: message } : {}),
      ccno_last4: digits.slice(-4).padStart(4, '0').replace(/\D/g, '0'),
      notified_at: this.options.now().toISOString(),
    });
    // The return parameters name the transaction, never the shop's order or payment reference.
    const common = {
      transaction_id: index,
      amount: order.sum,
      currency: 'ILS',
    };
    return decision.approved
      ? withQuery(order.successUrl, common)
      : withQuery(order.failUrl, { ...common, error_code: failure, error_message: message });
  }
}
