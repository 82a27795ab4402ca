import {
  PROBLEM_KIND_LABELS,
  PROBLEM_OUTCOME_TEXTS,
  reportViewPath,
  type ProblemAction,
  type ProblemKind,
} from '@vr/contracts';
import { noticeMail, type MailMessage } from '../../adapters/mail/index.ts';
import { orderMention, type OrderMailContext } from '../orders/index.ts';

interface MailOrder {
  id: string;
  vin: string;
  vehicle: string;
}

const reportPage = (ctx: OrderMailContext, order: MailOrder) => ({
  label: 'Open your report',
  url: `${ctx.publicUrl}${reportViewPath(order.id)}`,
});

/** The customer's receipt: what they told us, quoted back, and what happens next. */
export function problemReceivedMail(
  ctx: OrderMailContext,
  to: string,
  order: MailOrder,
  problem: { kind: ProblemKind; description: string },
): MailMessage {
  return noticeMail({
    to,
    subject: `${ctx.productName}: we received your problem report`,
    paragraphs: [
      `Thank you for telling us about a problem with the report for VIN ${order.vin} (${order.vehicle}) ${orderMention(order.id)}.`,
      `What is wrong: ${PROBLEM_KIND_LABELS[problem.kind]}.`,
      `Your words: "${problem.description}"`,
      'We check the records and answer by e-mail; the answer also shows on the order in "My VIN Lookups". When we find the report wrong, your credit comes back.',
    ],
    link: reportPage(ctx, order),
  });
}

/** The admin's reply, with what was done about it. */
export function problemAnsweredMail(
  ctx: OrderMailContext,
  to: string,
  order: MailOrder,
  answer: { reply: string; action: ProblemAction },
): MailMessage {
  return noticeMail({
    to,
    subject: `${ctx.productName}: we answered your problem report`,
    paragraphs: [
      `About the report for VIN ${order.vin} (${order.vehicle}) ${orderMention(order.id)}:`,
      answer.reply,
      PROBLEM_OUTCOME_TEXTS[answer.action],
    ],
    link: reportPage(ctx, order),
  });
}
