import { ORDER_JOB_NAME, type OrderJob } from '@mechabrim/contracts';

export { ORDER_JOB_NAME };

/** The follow-up jobs of a paid order (ARCHITECTURE.md decision 10), one outbox row each. */
export function paidOrderJobs(order: { id: string; email: string; paidAt: Date }): OrderJob[] {
  const orderId = order.id;
  return [
    { queue: 'order-splits', payload: { orderId, paidAt: order.paidAt.toISOString() } },
    { queue: 'print-jobs', payload: { orderId } },
    { queue: 'receipts', payload: { orderId } },
    { queue: 'mail', payload: { template: 'order-confirmation', to: order.email, orderId } },
  ];
}
