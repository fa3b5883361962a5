export { PaymentSuccessPage } from './components/payment-success-page';
export { PaymentFailedPage } from './components/payment-failed-page';
export { FrameSuccess } from './components/frame-success';
export { FrameFailure } from './components/frame-failure';
