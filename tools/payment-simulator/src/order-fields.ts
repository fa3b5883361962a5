import { ORDER_FIELDS, type OrderFields } from './page';

/*
 * The order fields the shop opens the hosted page with (Tranzila's names), read and checked.
 */

const SUM = /^\d{1,7}(\.\d{1,2})?$/;

/** A sum field (`114.80`, `114.8`, `114`) in agorot, or null when it is not one. */
export function agorotOf(sum: string | undefined): number | null {
  if (!sum || !SUM.test(sum)) return null;
  const [whole = '0', fraction = ''] = sum.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The order fields among the request's parameters. */
export function orderFields(params: URLSearchParams): OrderFields {
  const fields: OrderFields = {};
  for (const name of ORDER_FIELDS) {
    const value = params.get(name);
    if (value !== null) fields[name] = value;
  }
  return fields;
}

const isHttpUrl = (value: string | undefined): value is string => {
  if (!value) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The order fields a payment needs, or null when the hosted page was opened without them. */
export function completeOrder(fields: OrderFields) {
  const { sum, payment_ref, success_url_address, fail_url_address, notify_url_address } = fields;
  if (agorotOf(sum) === null || !sum || !payment_ref || !/^[A-Za-z0-9_-]{22}$/.test(payment_ref))
    return null;
  if (!isHttpUrl(success_url_address) || !isHttpUrl(fail_url_address)) return null;
  if (!isHttpUrl(notify_url_address)) return null;
  return {
    sum,
    paymentRef: payment_ref,
    currency: fields.currency ?? '1',
    successUrl: success_url_address,
    failUrl: fail_url_address,
    notifyUrl: notify_url_address,
  };
}
