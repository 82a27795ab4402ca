import { countOf, reportViewPath } from '@vr/contracts';
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

/** The report's web view: it asks for sign-in when needed; the link itself grants nothing. */
const reportPage = (ctx: OrderMailContext, order: MailOrder) => ({
  label: 'Open your report',
  url: `${ctx.publicUrl}${reportViewPath(order.id)}`,
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
      `One credit was used. Your report is usually ready in under a minute; we e-mail you when it is. If it is not ready within ${countOf(slaHours, 'hour')}, your credit comes back automatically.`,
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
      'Read it on the web (it works on a phone), download the PDF or share it with a link; it is also in "My VIN Lookups" on your dashboard.',
    ],
    link: reportPage(ctx, order),
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
      'Open it on the web or from "My VIN Lookups" on your dashboard; nothing was charged.',
    ],
    link: reportPage(ctx, order),
  });
}

/** Why an order was refunded, as its mail says it. */
export const REFUND_REASONS = {
  overdue: (slaHours: number) =>
    `We could not deliver the report within ${countOf(slaHours, 'hour')}.`,
  /** The provider said the report cannot be made, with its words. */
  providerRefused: (providerMessage: string) =>
    `The vehicle history provider could not make this report: ${providerMessage}`,
  providerUnavailable: (retryHours: number) =>
    `The vehicle history provider did not answer for ${countOf(retryHours, 'hour')}, so we stopped trying.`,
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
