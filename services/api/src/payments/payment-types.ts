import type { PaymentCreateRequest } from '@mechabrim/contracts';

/** Shorthands for the request parts the payment use cases pass around. */
export type PaymentItem = PaymentCreateRequest['items'][number];
export type ShippingMethodName = PaymentCreateRequest['shipping_method'];
export type ShippingRegionName = PaymentCreateRequest['shipping_region'];
export type Buyer = PaymentCreateRequest['client'];
