/*
 * The orders module's front door: what the rest of the server uses of it. Other modules import
 * orders only from here. An order changes after it is placed only through its lifecycle
 * (order-lifecycle.ts); the rest reads it.
 */
export { createOrderLifecycle, type OrderLifecycle } from './order-lifecycle.ts';
export { orderMention, REFUND_REASONS, type OrderMailContext } from './orders.mails.ts';
export { hasReadableReport } from './readable-report.ts';
export { findCustomerEmail, findOrder, lockOrder, type ReportOrderRow } from './orders.repo.ts';
export { ordersRoutes } from './orders.routes.ts';
export { createOrdersService } from './orders.service.ts';
export { registerSlaRefundJob } from './sla-refund.job.ts';
export { createSlaRefundService } from './sla-refund.service.ts';
