import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingDetailsInput,
  CreatedCard,
  PaymentsConfigResponse,
  SandboxChallengeResult,
} from '@vr/contracts';
import { api } from '../../lib/api.ts';

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export const PAYMENT_KEYS = {
  methods: ['payments', 'methods'] as const,
  config: ['payments', 'config'] as const,
  pending: ['payments', 'pending'] as const,
};

/**
 * The purchases that can still be completed, as the server has them
 * (GET /api/api/stripe-credit/pending-payments, docs/payments-api.md): they outlive a reload and a
 * sign-out.
 */
export function usePendingPayments() {
  return useQuery({
    queryKey: PAYMENT_KEYS.pending,
    queryFn: () => api('GET /stripe-credit/pending-payments', { auth: true }).then((b) => b.data),
    retry: 1,
  });
}

/** Refetches the pending payments after a purchase changed state. */
export function useRefreshPending() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: PAYMENT_KEYS.pending });
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: PAYMENT_KEYS.methods,
    queryFn: () => api('GET /user/payment-methods', { auth: true }).then((b) => b.data),
    retry: 1,
  });
}

/** Which card form to show; a server without the endpoint runs the sandbox. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: PAYMENT_KEYS.config,
    queryFn: () =>
      api('GET /stripe-credit/config').catch((): PaymentsConfigResponse => ({
        provider: 'sandbox',
        publishableKey: null,
      })),
    staleTime: Infinity,
  });
}

/**
 * The sandbox's stand-in for Stripe.js's createPaymentMethod: the card becomes a payment method
 * at the sandbox gateway (number and CVC go nowhere else).
 */
export function createSandboxCard(
  card: SandboxCard,
  billing: BillingDetailsInput,
): Promise<CreatedCard> {
  return api('POST /sandbox/payment-methods', {
    body: {
      number: card.number,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cvc: card.cvc,
      billingDetails: billing,
    },
    auth: true,
  });
}

/** Saves a gateway card to the signed-in user (POST /api/api/user/payment-methods, docs/payments-api.md). */
export async function saveCard(created: CreatedCard): Promise<void> {
  await api('POST /user/payment-methods', {
    body: {
      paymentMethodId: created.id,
      cardBrand: created.brand,
      last4: created.last4,
      expMonth: String(created.expMonth).padStart(2, '0'),
      expYear: String(created.expYear),
      isDefault: false,
    },
    auth: true,
  });
}

export function useCardMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: PAYMENT_KEYS.methods });
  const setDefault = useMutation({
    mutationFn: (id: string) =>
      api('PUT /user/payment-methods/:id', {
        params: { id },
        body: { isDefault: true },
        auth: true,
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api('DELETE /user/payment-methods/:id', { params: { id }, auth: true }),
    onSettled: refresh,
  });
  return { setDefault, remove, refresh };
}

export const intentApi = {
  create: (packageId: string, paymentMethodId: string) =>
    api('POST /stripe-credit/credit-purchase', {
      body: { packageId, paymentMethodId, confirmImmediately: false },
      auth: true,
    }),
  get: (id: string) => api('GET /stripe-credit/payment-intent/:id', { params: { id }, auth: true }),
  confirm: (id: string) =>
    api('POST /stripe-credit/payment-intent/:id/confirm', { params: { id }, auth: true }),
  cancel: (id: string) =>
    api('POST /stripe-credit/payment-intent/:id/cancel', { params: { id }, auth: true }),
  /** Sandbox only: the outcome of the 3-D Secure challenge. */
  threeDs: (id: string, result: SandboxChallengeResult) =>
    api('POST /sandbox/payment-intent/:id/3ds', { params: { id }, body: { result }, auth: true }),
};
