import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SIMULATOR_SIGNATURE_HEADER,
  simulatorNotifySchema,
  TRANZILA_HANDSHAKE_PATH,
  withinDeadline,
  type PaymentProviderName,
} from '@mechabrim/contracts';
import { toAgorot } from '@mechabrim/money';
import { DomainError } from '../../common/errors/domain-error';
import { messagesHe } from '../../common/messages.he';
import type { PaymentsConfig } from '../../config/payments-config';
import {
  currencyFromCode,
  type HostedPayment,
  type IncomingHeaders,
  type PaymentNotify,
  type PaymentOrder,
  type PaymentProvider,
} from './payment-provider';
import { hostedPageFields } from './hosted-page-fields';
import { requestHandshake } from './tranzila-handshake';

/** The simulator's terminal name in its hosted page path, as Tranzila's is. */
const SIMULATOR_TERMINAL = 'mechabrim';
const CONFIRM_TIMEOUT_MS = 5000;

/**
 * The local payment simulator (tools/payment-simulator): Tranzila's handshake (the amount lock,
 * asked with the shared secret as the terminal password) and hosted page fields, a JSON notify
 * signed with HMAC-SHA256 over its raw body, confirmed by reading the transaction back from the
 * simulator.
 */
export class SimulatorPaymentProvider implements PaymentProvider {
  readonly name: PaymentProviderName = 'simulator';

  constructor(private readonly config: PaymentsConfig) {}

  async createPayment(order: PaymentOrder): Promise<HostedPayment> {
    const formData = hostedPageFields(order, this.config, this.name);
    let thtk: string;
    try {
      thtk = await requestHandshake(
        `${this.config.simulator.url}${TRANZILA_HANDSHAKE_PATH}`,
        {
          supplier: SIMULATOR_TERMINAL,
          password: this.config.simulator.secret,
          sum: formData.sum ?? '',
        },
        CONFIRM_TIMEOUT_MS,
      );
    } catch (error) {
      throw new DomainError('unavailable', messagesHe.payments.providerUnavailable, undefined, {
        cause: error,
      });
    }
    return {
      paymentUrl: `${this.config.simulator.url}/${SIMULATOR_TERMINAL}/iframenew.php`,
      formData: { ...formData, thtk, new_process: '1' },
    };
  }

  verifyNotify(rawBody: Buffer, headers: IncomingHeaders): PaymentNotify {
    const signature = headers[SIMULATOR_SIGNATURE_HEADER];
    const expected = createHmac('sha256', this.config.simulator.secret).update(rawBody).digest();
    const given =
      typeof signature === 'string' && /^[a-f\d]{64}$/i.test(signature)
        ? Buffer.from(signature, 'hex')
        : undefined;
    if (!given || !timingSafeEqual(given, expected)) {
      throw new DomainError('unauthorized', messagesHe.payments.badSignature);
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new DomainError('invalid_data', messagesHe.payments.badNotify);
    }
    const parsed = simulatorNotifySchema.safeParse(json);
    if (!parsed.success) throw new DomainError('invalid_data', messagesHe.payments.badNotify);
    const notify = parsed.data;
    return {
      paymentRef: notify.payment_ref,
      approved: notify.Response === '000',
      result: notify.Response,
      transactionId: notify.index,
      confirmationCode: notify.ConfirmationCode,
      amountAgorot: toAgorot(Number(notify.sum)),
      currency: currencyFromCode(notify.currency),
      cardLast4: notify.ccno_last4,
      failureCode:
        notify.Response === '000' ? null : (notify.error_code ?? `RESPONSE_${notify.Response}`),
      failureMessage: notify.error_message ?? null,
      signature: 'valid',
      fields: Object.fromEntries(Object.entries(notify).map(([k, v]) => [k, String(v)])),
    };
  }

  async confirmTransaction(notify: PaymentNotify): Promise<boolean> {
    const url = `${this.config.simulator.url}/transactions/${encodeURIComponent(notify.transactionId)}`;
    let found: Record<string, unknown> | null;
    try {
      // The deadline covers the answer's body too (see withinDeadline).
      found = await withinDeadline(CONFIRM_TIMEOUT_MS, async (signal) => {
        const answer = await fetch(url, { signal });
        if (answer.status === 404) return null;
        if (!answer.ok) throw new Error(`the simulator answered ${answer.status}`);
        return (await answer.json()) as Record<string, unknown>;
      });
    } catch (error) {
      throw new DomainError('unavailable', messagesHe.payments.providerUnavailable, undefined, {
        cause: error,
      });
    }
    if (!found) return false;
    return (
      found.payment_ref === notify.paymentRef &&
      found.Response === '000' &&
      typeof found.sum === 'string' &&
      toAgorot(Number(found.sum)) === notify.amountAgorot &&
      currencyFromCode(String(found.currency)) === notify.currency
    );
  }
}
