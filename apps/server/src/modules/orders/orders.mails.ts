import { noticeMail, type MailMessage } from '../../adapters/mail/index.ts';

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
      `We received your order for a vehicle history report (order ${order.id}).`,
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
      `The report for VIN ${order.vin} (${order.vehicle}) is ready (order ${order.id}).`,
      'Open it from "My VIN Lookups" on your dashboard.',
    ],
    link: dashboard(ctx),
  });
}

export function orderRefundedMail(
  ctx: OrderMailContext,
  to: string,
  order: MailOrder,
  slaHours: number,
): MailMessage {
  return noticeMail({
    to,
    subject: `${ctx.productName}: your credit was returned`,
    paragraphs: [
      `We could not deliver the report for VIN ${order.vin} (${order.vehicle}) within ${slaHours} hours (order ${order.id}).`,
      'The credit you used has been returned to your balance. We are sorry for the delay.',
    ],
    link: dashboard(ctx),
  });
}
