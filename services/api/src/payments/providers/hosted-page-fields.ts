import type { PaymentProviderName } from '@mechabrim/contracts';
import type { PaymentsConfig } from '../../config/payments-config';
import { sumField, type PaymentOrder } from './payment-provider';

/**
 * The hosted page's fields, as Tranzila's iframe takes them: the amount in shekels, currency 1
 * (ILS), a regular single charge (`cred_type` 1) with token creation off (`tranmode` A), the page
 * in Hebrew, the buyer's contact details, the attempt's random reference (`payment_ref`, a field
 * the provider hands back in its notify; never the order's id), and the three addresses — the
 * frame's success and failure pages on the shop's origin and the API's notify endpoint.
 */
export function hostedPageFields(
  order: PaymentOrder,
  config: PaymentsConfig,
  provider: PaymentProviderName,
): Record<string, string> {
  return {
    sum: sumField(order.amountDueAgorot),
    currency: '1',
    cred_type: '1',
    tranmode: 'A',
    lang: 'il',
    pdesc: order.description,
    contact: order.buyer.name,
    email: order.buyer.email,
    phone: order.buyer.phone,
    payment_ref: order.paymentRef,
    success_url_address: `${config.shopUrl}${order.returnTo?.success ?? '/payment/iframe/success'}`,
    fail_url_address: `${config.shopUrl}${order.returnTo?.fail ?? '/payment/iframe/failed'}`,
    notify_url_address: `${config.notifyBaseUrl}/api/payments/notify/${provider}`,
  };
}
