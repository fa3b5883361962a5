// The screens after the cart, in one lazily loaded chunk (see routes.tsx).
export { CheckoutPage } from '../features/checkout';
export { OrdersPage } from '../features/orders';
export {
  FrameFailure,
  FrameSuccess,
  PaymentFailedPage,
  PaymentSuccessPage,
} from '../features/payment-result';
