import {
  notifySumSchema,
  paymentRefSchema,
  withinDeadline,
  type PaymentProviderName,
} from '@mechabrim/contracts';
import { toAgorot } from '@mechabrim/money';
import { z } from 'zod';
import { DomainError } from '../../common/errors/domain-error';
import { messagesHe } from '../../common/messages.he';
import type { PaymentsConfig } from '../../config/payments-config';
import { hostedPageFields } from './hosted-page-fields';
import {
  currencyFromCode,
  sumField,
  type HostedPayment,
  type PaymentNotify,
  type PaymentOrder,
  type PaymentProvider,
} from './payment-provider';
import { tranzilaAuthHeaders } from '@mechabrim/server-kit';
import { requestHandshake } from './tranzila-handshake';

const REQUEST_TIMEOUT_MS = 8000;

/**
 * Tranzila's notify (form fields posted to `notify_url_address`, with the fields the hosted page
 * was opened with, `payment_ref` among them); `ccno` is the last 4 digits.
 */
const tranzilaNotifySchema = z.looseObject({
  Response: z.string().regex(/^\d{3}$/),
  index: z.string().regex(/^\d{1,20}$/),
  ConfirmationCode: z.string().max(20).default(''),
  sum: notifySumSchema,
  currency: z.string().max(3),
  payment_ref: paymentRefSchema,
  ccno: z
    .string()
    .regex(/^\d{0,4}$/)
    .optional(),
});

/** The part of the transactions API's answer the confirmation reads. */
const transactionsAnswerSchema = z.looseObject({
  error_code: z.number(),
  transactions: z
    .array(
      z.looseObject({
        transaction_index: z.union([z.string(), z.number()]).transform(String),
        processor_response_code: z.string(),
        amount: z.union([z.string(), z.number()]).transform(Number),
        currency_code: z.union([z.string(), z.number()]).transform(String),
      }),
    )
    .default([]),
});

/**
 * Tranzila (production): the hosted iframe `{TRANZILA_HOSTED_URL}/{terminal}/iframenew.php`
 * opened with an amount-lock token — the handshake (`tranzila71dt.cgi`, `op=1`, the terminal's
 * `TranzilaPW`) gives a `thtk` bound to the sum, and the page takes it with `new_process=1` — and
 * the notify confirmed with the transactions API under the `X-tranzila-api-*` HMAC headers.
 * Tranzila does not sign its notify, so the confirmation is what makes it trustworthy.
 */
export class TranzilaPaymentProvider implements PaymentProvider {
  readonly name: PaymentProviderName = 'tranzila';

  constructor(
    private readonly config: PaymentsConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createPayment(order: PaymentOrder): Promise<HostedPayment> {
    const { terminal, hostedUrl, handshake, handshakeUrl, password } = this.config.tranzila;
    const formData = hostedPageFields(order, this.config, this.name);
    if (handshake) {
      try {
        formData.thtk = await requestHandshake(
          handshakeUrl,
          { supplier: terminal, password, sum: sumField(order.amountDueAgorot) },
          REQUEST_TIMEOUT_MS,
        );
      } catch (error) {
        throw unavailable(error);
      }
      formData.new_process = '1';
    }
    return { paymentUrl: `${hostedUrl}/${terminal}/iframenew.php`, formData };
  }

  verifyNotify(_rawBody: Buffer, _headers: unknown, parsedBody: unknown): PaymentNotify {
    const parsed = tranzilaNotifySchema.safeParse(parsedBody);
    if (!parsed.success) throw new DomainError('invalid_data', messagesHe.payments.badNotify);
    const notify = parsed.data;
    const approved = notify.Response === '000';
    const fields: Record<string, string> = {};
    // Keep the fields support needs; never a card number, expiry or ID beyond what is listed.
    for (const key of ['Response', 'index', 'ConfirmationCode', 'sum', 'currency', 'payment_ref']) {
      const value = (notify as Record<string, unknown>)[key];
      if (typeof value === 'string') fields[key] = value;
    }
    return {
      paymentRef: notify.payment_ref,
      approved,
      result: notify.Response,
      transactionId: notify.index,
      confirmationCode: notify.ConfirmationCode,
      amountAgorot: toAgorot(Number(notify.sum)),
      currency: currencyFromCode(notify.currency),
      cardLast4: notify.ccno && notify.ccno.length === 4 ? notify.ccno : null,
      failureCode: approved ? null : `RESPONSE_${notify.Response}`,
      failureMessage: null,
      signature: 'unsigned',
      fields,
    };
  }

  async confirmTransaction(notify: PaymentNotify): Promise<boolean> {
    const answer = transactionsAnswerSchema.safeParse(
      await this.callApi('/v1/transactions', {
        terminal_name: this.config.tranzila.terminal,
        transaction_index: Number(notify.transactionId),
      }),
    );
    if (!answer.success || answer.data.error_code !== 0) return false;
    const transaction = answer.data.transactions.find(
      (candidate) => candidate.transaction_index === notify.transactionId,
    );
    return (
      transaction !== undefined &&
      transaction.processor_response_code === '000' &&
      toAgorot(transaction.amount) === notify.amountAgorot &&
      currencyFromCode(transaction.currency_code) === notify.currency
    );
  }

  private async callApi(path: string, body: object): Promise<unknown> {
    const { apiUrl, appKey, secret } = this.config.tranzila;
    try {
      // The deadline covers the answer's body too (see withinDeadline).
      return await withinDeadline(REQUEST_TIMEOUT_MS, async (signal): Promise<unknown> => {
        const answer = await fetch(`${apiUrl}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...tranzilaAuthHeaders(appKey, secret, this.now()),
          },
          body: JSON.stringify(body),
          signal,
        });
        if (!answer.ok) throw new Error(`tranzila ${path} answered ${answer.status}`);
        return answer.json();
      });
    } catch (error) {
      throw unavailable(error);
    }
  }
}

function unavailable(cause: unknown): DomainError {
  return new DomainError('unavailable', messagesHe.payments.providerUnavailable, undefined, {
    cause,
  });
}
