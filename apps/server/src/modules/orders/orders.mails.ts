import { noticeMail, type MailMessage } from '../../adapters/mail/index.ts';

/** How every mail about an order names it; support finds an order's mails by it. */
export const orderMention = (orderId: string) => `(order ${orderId})`;

export interface OrderMailContext {
  productName: string;
  publicUrl: string;
}

interface MailOrder {
  id: string;
  vin: string;
  vehicle: string;
}

const dashboard = (ctx: OrderMailContext) => ({
  label: 'Open your dashboard',
  url: `${ctx.publicUrl}/dashboard`,
});

export function orderReceivedMail(
  ctx: OrderMailContext,
  to: string,
  order: MailOrder,
  slaHours: number,
): MailMessage {
  return noticeMail({
    to,
    subject: `${ctx.productName}: we received your report order`,
    paragraphs: [
      `We received your order for a vehicle history report ${orderMention(order.id)}.`,
      `VIN: ${order.vin}. Vehicle: ${order.vehicle}.`,
      `One credit was used. The report is expected within ${slaHours} hours; we e-mail you when it is ready. If it is not ready by then, the credit is returned to your balance automatically.`,
    ],
    link: dashboard(ctx),
  });
}

export function reportReadyMail(ctx: OrderMailContext, to: string, order: MailOrder): MailMessage {
  return noticeMail({
    to,
    subject: `${ctx.productName}: your vehicle history report is ready`,
    paragraphs: [
      `The report for VIN ${order.vin} (${order.vehicle}) is ready ${orderMention(order.id)}.`,
      'Open it from "My VIN Lookups" on your dashboard.',
    ],
    link: dashboard(ctx),
  });
}

/** An admin replaced the report of a Completed order: the same link opens the new one. */
export function reportUpdatedMail(
  ctx: OrderMailContext,
  to: string,
  order: MailOrder,
): MailMessage {
  return noticeMail({
    to,
    subject: `${ctx.productName}: your vehicle history report was updated`,
    paragraphs: [
      `We replaced the report for VIN ${order.vin} (${order.vehicle}) with a corrected one ${orderMention(order.id)}.`,
      'Open it from "My VIN Lookups" on your dashboard; nothing was charged.',
    ],
    link: dashboard(ctx),
  });
}

/** Why an order was refunded, as its mail says it. */
export const REFUND_REASONS = {
  overdue: (slaHours: number) => `We could not deliver the report within ${slaHours} hours.`,
  /** The provider said the report cannot be made, with its words. */
  providerRefused: (providerMessage: string) =>
    `The vehicle history provider could not make this report: ${providerMessage}`,
  providerUnavailable: (retryHours: number) =>
    `The vehicle history provider did not answer for ${retryHours} hours, so we stopped trying.`,
} as const;

export function orderRefundedMail(
  ctx: OrderMailContext,
  to: string,
  order: MailOrder,
  reason: string,
): MailMessage {
  return noticeMail({
    to,
    subject: `${ctx.productName}: your credit was returned`,
    paragraphs: [
      `We could not deliver the report for VIN ${order.vin} (${order.vehicle}) ${orderMention(order.id)}.`,
      reason,
      'The credit you used has been returned to your balance. We are sorry for the trouble.',
    ],
    link: dashboard(ctx),
  });
}
