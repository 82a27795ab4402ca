import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingDetailsInput,
  CancelPaymentResponse,
  ConfirmPaymentResponse,
  CreatedCard,
  PaymentIntentState,
  PaymentIntentView,
  PaymentMethodView,
  PaymentsConfigResponse,
  PendingPaymentView,
  SandboxChallengeResult,
} from '@vr/contracts';
import { apiFetch } from '../../lib/api.ts';

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
    queryFn: () =>
      apiFetch<{ data: PendingPaymentView[] }>('/stripe-credit/pending-payments', {
        auth: true,
      }).then((b) => b.data),
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
    queryFn: () =>
      apiFetch<{ data: PaymentMethodView[] }>('/user/payment-methods', { auth: true }).then(
        (b) => b.data,
      ),
    retry: 1,
  });
}

/** Which card form to show; a server without the endpoint runs the sandbox. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: PAYMENT_KEYS.config,
    queryFn: () =>
      apiFetch<PaymentsConfigResponse>('/stripe-credit/config').catch(
        (): PaymentsConfigResponse => ({
          provider: 'sandbox',
          publishableKey: null,
        }),
      ),
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
  return apiFetch<CreatedCard>('/sandbox/payment-methods', {
    auth: true,
    method: 'POST',
    body: JSON.stringify({
      number: card.number,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cvc: card.cvc,
      billingDetails: billing,
    }),
  });
}

/** Saves a gateway card to the signed-in user (POST /api/api/user/payment-methods, docs/payments-api.md). */
export async function saveCard(created: CreatedCard): Promise<void> {
  await apiFetch('/user/payment-methods', {
    auth: true,
    method: 'POST',
    body: JSON.stringify({
      paymentMethodId: created.id,
      cardBrand: created.brand,
      last4: created.last4,
      expMonth: String(created.expMonth).padStart(2, '0'),
      expYear: String(created.expYear),
      isDefault: false,
    }),
  });
}

export function useCardMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: PAYMENT_KEYS.methods });
  const setDefault = useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/user/payment-methods/${encodeURIComponent(id)}`, {
        auth: true,
        method: 'PUT',
        body: JSON.stringify({ isDefault: true }),
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/user/payment-methods/${encodeURIComponent(id)}`, { auth: true, method: 'DELETE' }),
    onSettled: refresh,
  });
  return { setDefault, remove, refresh };
}

export const intentApi = {
  create: (packageId: string, paymentMethodId: string) =>
    apiFetch<PaymentIntentView>('/stripe-credit/credit-purchase', {
      auth: true,
      method: 'POST',
      body: JSON.stringify({ packageId, paymentMethodId, confirmImmediately: false }),
    }),
  get: (id: string) =>
    apiFetch<PaymentIntentState>(`/stripe-credit/payment-intent/${encodeURIComponent(id)}`, {
      auth: true,
    }),
  confirm: (id: string) =>
    apiFetch<ConfirmPaymentResponse>(
      `/stripe-credit/payment-intent/${encodeURIComponent(id)}/confirm`,
      { auth: true, method: 'POST', body: '{}' },
    ),
  cancel: (id: string) =>
    apiFetch<CancelPaymentResponse>(
      `/stripe-credit/payment-intent/${encodeURIComponent(id)}/cancel`,
      { auth: true, method: 'POST', body: '{}' },
    ),
  /** Sandbox only: the outcome of the 3-D Secure challenge. */
  threeDs: (id: string, result: SandboxChallengeResult) =>
    apiFetch<ConfirmPaymentResponse>(`/sandbox/payment-intent/${encodeURIComponent(id)}/3ds`, {
      auth: true,
      method: 'POST',
      body: JSON.stringify({ result }),
    }),
};
