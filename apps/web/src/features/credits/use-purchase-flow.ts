import { useMutation } from '@tanstack/react-query';
import {
  PAYMENT_MESSAGES,
  type CreditPackage,
  type PaymentIntentView,
  type PaymentMethodView,
  type SandboxChallengeResult,
} from '@vr/contracts';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context.ts';
import { useRefreshCredits } from '../../lib/credits.ts';
import {
  confirmCardPayment,
  intentApi,
  usePaymentsConfig,
  useRefreshPending,
} from '../payments/index.ts';

/** An order: the intent Next created and the card it is paid with. */
interface Order {
  intent: PaymentIntentView;
  card: PaymentMethodView;
}

export type PurchaseStep =
  | { kind: 'select' }
  | ({ kind: 'details' } & Order)
  | ({ kind: 'challenge' } & Order)
  /** The card was declined or failed its check: another card may pay (a new intent). */
  | ({ kind: 'refused'; message: string } & Order);

/** How a confirmation or a 3-D Secure check ended, when it did not fail. */
type Outcome = { kind: 'succeeded' } | { kind: 'challenge' } | { kind: 'pending'; status: string };

const PENDING_TEXT = 'Your payment is pending. You can check it under Payment Info.';
const DECLINED = ['requires_payment_method', 'failed', 'canceled'];

/** A failure already worded for the customer. */
class StepFailure extends Error {}

/** The card refused the payment (a decline or a failed check): another card can be chosen. */
class CardRefused extends StepFailure {}

/** Runs one step; any other failure is worded by `word` from its message. */
async function worded<T>(run: () => Promise<T>, word: (message: string) => string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof StepFailure) throw err;
    throw new StepFailure(word((err as Error).message));
  }
}

/**
 * The purchase of one package (docs/product-rules.md#card-payments) as mutations: Next creates the
 * intent, Confirm Payment confirms it (with the bank's check where asked), the sandbox's 3-D
 * Secure challenge ends it, Cancel Order cancels it. The error shown is the latest step's.
 */
/** `onCredited` follows `onDone` when the purchase added the credits. */
export function usePurchaseFlow(pkg: CreditPackage, onDone: () => void, onCredited?: () => void) {
  const toast = useToast();
  const refreshCredits = useRefreshCredits();
  const refreshPending = useRefreshPending();
  const config = usePaymentsConfig().data;
  const [step, setStep] = useState<PurchaseStep>({ kind: 'select' });

  const settle = async (outcome: Outcome, order: Order) => {
    if (outcome.kind === 'challenge') {
      setStep({ ...order, kind: 'challenge' });
      return;
    }
    if (outcome.kind === 'succeeded') {
      await refreshCredits();
      toast.success(PAYMENT_MESSAGES.creditsAdded(pkg.creditAmount));
    } else {
      await refreshPending();
      toast.info(PENDING_TEXT);
    }
    onDone();
    if (outcome.kind === 'succeeded') onCredited?.();
  };

  /** Stripe mode: Stripe.js shows the bank's check; the server's view of the intent decides. */
  const stripeVerification = async (
    intent: PaymentIntentView,
    publishableKey: string,
  ): Promise<Outcome> => {
    await worded(
      () => confirmCardPayment(publishableKey, intent.clientSecret),
      PAYMENT_MESSAGES.threeDsFailed,
    );
    const current = await intentApi.get(intent.paymentIntentId);
    await refreshCredits();
    return current.status === 'succeeded'
      ? { kind: 'succeeded' }
      : { kind: 'pending', status: current.status };
  };

  const create = useMutation({
    mutationFn: async (card: PaymentMethodView | undefined) => {
      if (!card) throw new StepFailure(PAYMENT_MESSAGES.selectMethodAndPackage);
      return worded(
        async (): Promise<Order> => ({
          intent: await intentApi.create(pkg.packageId, card.paymentMethodId),
          card,
        }),
        PAYMENT_MESSAGES.operationFailed,
      );
    },
    onSuccess: (order) => setStep({ ...order, kind: 'details' }),
  });

  const confirm = useMutation({
    mutationFn: async (current: PurchaseStep) => {
      if (current.kind !== 'details') throw new StepFailure(PAYMENT_MESSAGES.noPendingOrder);
      const { intent, card } = current;
      const order: Order = { intent, card };
      return worded(async (): Promise<Outcome> => {
        const result = await intentApi.confirm(intent.paymentIntentId);
        await refreshCredits();
        if (result.success && result.status === 'succeeded') return { kind: 'succeeded' };
        if (result.status === 'requires_action') {
          if (config?.provider === 'stripe' && config.publishableKey) {
            return stripeVerification(intent, config.publishableKey);
          }
          return { kind: 'challenge' };
        }
        if (DECLINED.includes(result.status)) {
          throw new CardRefused(
            PAYMENT_MESSAGES.confirmationFailed(result.message ?? result.status),
          );
        }
        return { kind: 'pending', status: result.status };
      }, PAYMENT_MESSAGES.confirmationFailed).then((outcome) => ({ outcome, order }));
    },
    onSuccess: ({ outcome, order }) => settle(outcome, order),
    onError: (error, current) => refuse(error, current),
  });

  /** After a decline or a failed check the dialog offers another card, or adding one. */
  const refuse = (error: Error, current: PurchaseStep) => {
    if (error instanceof CardRefused && current.kind !== 'select') {
      setStep({
        intent: current.intent,
        card: current.card,
        kind: 'refused',
        message: error.message,
      });
      void refreshCredits();
    }
  };

  const challenge = useMutation({
    mutationFn: ({ order, result }: { order: Order; result: SandboxChallengeResult }) =>
      worded(async (): Promise<Outcome> => {
        const outcome = await intentApi.threeDs(order.intent.paymentIntentId, result);
        if (outcome.status === 'succeeded') return { kind: 'succeeded' };
        if (outcome.status === 'requires_payment_method' || outcome.status === 'failed') {
          throw new CardRefused(
            PAYMENT_MESSAGES.threeDsFailed(outcome.message ?? 'authentication failed'),
          );
        }
        return { kind: 'pending', status: outcome.status };
      }, PAYMENT_MESSAGES.threeDsFailed),
    onSuccess: (outcome, { order }) => settle(outcome, order),
    // A refused check offers another card; any other failure goes back to the order.
    onError: (error, { order }) =>
      error instanceof CardRefused
        ? refuse(error, { ...order, kind: 'challenge' })
        : setStep({ ...order, kind: 'details' }),
  });

  const cancel = useMutation({
    mutationFn: (order: Order) =>
      worded(
        () => intentApi.cancel(order.intent.paymentIntentId),
        () => PAYMENT_MESSAGES.cancelFailed,
      ),
    onSuccess: () => {
      toast.info('Order canceled.');
      onDone();
    },
  });

  const steps = [create, confirm, challenge, cancel];
  const refused = step.kind === 'refused';
  const latest = steps.reduce((a, b) => (b.submittedAt > a.submittedAt ? b : a));
  return {
    step,
    busy: steps.some((m) => m.isPending),
    // The refusal is the step's own text; a new attempt starts without it.
    error: refused ? null : (latest.error?.message ?? null),
    next: (card: PaymentMethodView | undefined) => create.mutate(card),
    confirm: () => confirm.mutate(step),
    challenge: (result: SandboxChallengeResult) => {
      if (step.kind === 'challenge')
        challenge.mutate({ order: { intent: step.intent, card: step.card }, result });
    },
    cancelOrder: () => (step.kind === 'select' ? onDone() : cancel.mutate(step)),
    /** Back to the cards, to pay with another one. */
    chooseAnotherCard: () => {
      steps.forEach((m) => m.reset());
      setStep({ kind: 'select' });
    },
    /** The customer leaves the bank's check for later: the payment waits under Payment Info. */
    later: () => {
      void refreshPending();
      toast.info(PAYMENT_MESSAGES.verificationLater);
      onDone();
    },
  };
}
