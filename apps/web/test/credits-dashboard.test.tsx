import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentIntentView, PaymentMethodView } from '@vr/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BuyCreditsSection } from '../src/features/credits/BuyCreditsSection.tsx';
import { HeaderBalance } from '../src/features/credits/HeaderBalance.tsx';
import { PurchaseHistorySection } from '../src/features/credits/PurchaseHistorySection.tsx';
import { setToken } from '../src/lib/token.ts';
import { CATALOG, jsonResponse, renderWithProviders, stubFetch } from './support.tsx';

beforeEach(() => setToken('user-token'));

const CARD: PaymentMethodView = {
  id: 'pm-row-1',
  paymentMethodId: 'pm_1',
  cardBrand: 'visa',
  last4: '4242',
  expMonth: '12',
  expYear: '2030',
  isDefault: true,
  cardholderName: 'Test Buyer',
};

const intent = (status: string): PaymentIntentView => ({
  paymentIntentId: 'pi_1',
  clientSecret: 'pi_1_secret',
  status,
  amount: 1500,
  currency: 'usd',
});

function purchaseRoutes(confirm: () => Response, balance: { value: number }) {
  return stubFetch({
    '/api/api/user/credit-history': () => jsonResponse({ success: true, data: [] }),
    '/api/api/user/credit': () => jsonResponse({ creditBalance: balance.value }),
    '/api/api/user/payment-methods': () => jsonResponse({ success: true, data: [CARD] }),
    '/api/api/stripe-credit/credit-packages': () =>
      jsonResponse({ success: true, packages: CATALOG }),
    '/api/api/stripe-credit/credit-purchase': () => jsonResponse(intent('requires_confirmation')),
    '/api/api/stripe-credit/payment-intent/pi_1/confirm': confirm,
    '/api/api/stripe-credit/payment-intent/pi_1/cancel': () =>
      jsonResponse({ success: true, status: 'canceled' }),
  });
}

async function buyThree() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Buy 3' }));
  const select = await screen.findByRole('dialog', { name: 'Select Payment Method' });
  expect(within(select).getByRole('radio', { checked: true })).toBeTruthy();
  await user.click(within(select).getByRole('button', { name: 'Next' }));
  const details = await screen.findByRole('dialog', { name: 'Order Details' });
  expect(within(details).getByText(/\$15\.00/)).toBeTruthy();
  await user.click(within(details).getByRole('button', { name: 'Confirm Payment' }));
  return { user, details };
}

describe('purchase history', () => {
  it("labels each purchase from its intent's status, a decline with the card's reason", async () => {
    stubFetch({
      '/api/api/user/credit-history': () =>
        jsonResponse({
          success: true,
          data: [
            ['h1', 'succeeded', '3 credits', null],
            ['h2', 'processing', '5 credits', null],
            ['h3', 'requires_action', '5 credits', null],
            ['h4', 'requires_confirmation', '5 credits', null],
            ['h5', 'canceled', '5 credits', null],
            ['h6', 'requires_payment_method', '5 credits', 'Your card was declined.'],
            ['h7', 'requires_payment_method', '', null],
            ['h8', 'failed', '5 credits', null],
          ].map(([id, status, description, message]) => ({
            id,
            status,
            description,
            message,
            credit: 3,
            amount: 1500,
            createdAt: '2026-11-20T10:00:00.000Z',
          })),
        }),
    });
    renderWithProviders(<PurchaseHistorySection />);
    const table = await screen.findByRole('table', { name: 'Purchase History' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      'Completed',
      'Pending',
      'Awaiting verification',
      'Awaiting verification',
      'Canceled',
      'DeclinedYour card was declined.',
      'Failed',
      'Failed',
    ]);
    expect(within(rows[6]!).getByText('Credit Purchase')).toBeTruthy();
    expect(within(rows[0]!).getByText('$15.00')).toBeTruthy();
  });

  it('shows the error with Retry', async () => {
    stubFetch({
      '/api/api/user/credit-history': () => jsonResponse({ message: 'Boom' }, 500, 'Error'),
    });
    renderWithProviders(<PurchaseHistorySection />);
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 3000 })).toBeTruthy();
  });
});

describe('header balance', () => {
  it('is hidden at zero and shown above zero', async () => {
    stubFetch({ '/api/api/user/credit': () => jsonResponse({ creditBalance: 0 }) });
    const zero = renderWithProviders(<HeaderBalance />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByLabelText(/Credit balance/)).toBeNull();
    zero.unmount();

    stubFetch({ '/api/api/user/credit': () => jsonResponse({ creditBalance: 7 }) });
    renderWithProviders(<HeaderBalance />);
    expect((await screen.findByLabelText('Credit balance: 7')).textContent).toBe('7 credits');
  });
});

describe('buy credits', () => {
  it('shows packages with per-report price, savings and the popular mark', async () => {
    purchaseRoutes(() => jsonResponse({}), { value: 0 });
    renderWithProviders(<BuyCreditsSection onAddPaymentMethod={() => undefined} />);
    const ten = await screen.findByRole('article', { name: '10 credits for $45.00' });
    expect(within(ten).getByText('$4.50 per report')).toBeTruthy();
    expect(within(ten).getByText('Save 44%')).toBeTruthy();
    expect(within(ten).getByText(/POPULAR/)).toBeTruthy();
    expect(screen.getAllByText(/POPULAR/)).toHaveLength(1);
  });

  it('asks for a card when none is saved', async () => {
    stubFetch({
      '/api/api/user/payment-methods': () => jsonResponse({ success: true, data: [] }),
      '/api/api/stripe-credit/credit-packages': () =>
        jsonResponse({ success: true, packages: CATALOG }),
    });
    const onAdd = vi.fn();
    renderWithProviders(<BuyCreditsSection onAddPaymentMethod={onAdd} />);
    const user = userEvent.setup();
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThan(1));
    await user.click(await screen.findByRole('button', { name: 'Buy 3' }));
    await user.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('confirms a purchase and refreshes the balance', async () => {
    const balance = { value: 0 };
    purchaseRoutes(() => {
      balance.value = 3;
      return jsonResponse({ success: true, status: 'succeeded' });
    }, balance);
    renderWithProviders(
      <>
        <HeaderBalance />
        <BuyCreditsSection onAddPaymentMethod={() => undefined} />
      </>,
    );
    await buyThree();
    expect(
      await screen.findByText('Payment successful! 3 credits were added to your balance.'),
    ).toBeTruthy();
    expect(await screen.findByLabelText('Credit balance: 3')).toBeTruthy();
  });

  it("shows a decline with the server's message and offers another card or a new one", async () => {
    purchaseRoutes(
      () =>
        jsonResponse({
          success: false,
          status: 'requires_payment_method',
          message: 'Your card was declined.',
        }),
      { value: 0 },
    );
    const onAdd = vi.fn();
    renderWithProviders(<BuyCreditsSection onAddPaymentMethod={onAdd} />);
    const { user } = await buyThree();
    const refused = await screen.findByRole('dialog', { name: 'Payment not completed' });
    expect(
      within(refused).getByText('Payment confirmation failed: Your card was declined.'),
    ).toBeTruthy();
    await user.click(within(refused).getByRole('button', { name: 'Use another card' }));
    const select = await screen.findByRole('dialog', { name: 'Select Payment Method' });
    expect(within(select).queryByRole('alert')).toBeNull();
    await user.click(within(select).getByRole('button', { name: 'Next' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Order Details' })).getByRole('button', {
        name: 'Confirm Payment',
      }),
    );
    const again = await screen.findByRole('dialog', { name: 'Payment not completed' });
    await user.click(within(again).getByRole('button', { name: 'Add a card' }));
    expect(onAdd).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('3-D Secure challenge in the sandbox', () => {
  function challengeRoutes(outcome: Record<string, unknown>, balance: { value: number }) {
    const routes = purchaseRoutes(
      () => jsonResponse({ success: false, status: 'requires_action' }),
      balance,
    );
    const inner = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/api/api/sandbox/payment-intent/pi_1/3ds')) {
        if (outcome.status === 'succeeded') balance.value = 3;
        return jsonResponse(outcome);
      }
      return inner(input, init);
    });
    return routes;
  }

  async function openChallenge() {
    const { user } = await buyThree();
    const dialog = await screen.findByRole('dialog', { name: 'Verify your card' });
    return { user, dialog };
  }

  it('completes the authentication and refreshes the balance', async () => {
    const balance = { value: 0 };
    challengeRoutes({ success: true, status: 'succeeded' }, balance);
    renderWithProviders(
      <>
        <HeaderBalance />
        <BuyCreditsSection onAddPaymentMethod={() => undefined} />
      </>,
    );
    const { user, dialog } = await openChallenge();
    await user.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    expect(
      await screen.findByText('Payment successful! 3 credits were added to your balance.'),
    ).toBeTruthy();
    expect(await screen.findByLabelText('Credit balance: 3')).toBeTruthy();
  });

  it('shows a failed authentication on the order', async () => {
    challengeRoutes(
      {
        success: false,
        status: 'requires_payment_method',
        message: 'The card could not be authenticated.',
      },
      { value: 0 },
    );
    renderWithProviders(<BuyCreditsSection onAddPaymentMethod={() => undefined} />);
    const { user, dialog } = await openChallenge();
    await user.click(within(dialog).getByRole('button', { name: 'Fail authentication' }));
    const refused = await screen.findByRole('dialog', { name: 'Payment not completed' });
    expect(
      within(refused).getByText(
        '3D Secure verification failed: The card could not be authenticated.',
      ),
    ).toBeTruthy();
  });

  it('leaves any other outcome to the pending payments, which come from the server', async () => {
    challengeRoutes({ success: false, status: 'processing' }, { value: 0 });
    renderWithProviders(<BuyCreditsSection onAddPaymentMethod={() => undefined} />);
    const { user, dialog } = await openChallenge();
    await user.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    expect(await screen.findByText(/Your payment is pending/)).toBeTruthy();
  });
});

describe('catalog fallback on Buy Credits', () => {
  it('shows the catalog this browser fetched last when the server fails, else the error with Retry', async () => {
    const failing = () => jsonResponse({ message: 'Database unavailable' }, 503, 'Unavailable');
    stubFetch({
      '/api/api/user/payment-methods': () => jsonResponse({ success: true, data: [CARD] }),
      '/api/api/stripe-credit/credit-packages': failing,
    });
    const first = renderWithProviders(<BuyCreditsSection onAddPaymentMethod={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    first.unmount();

    stubFetch({
      '/api/api/stripe-credit/credit-packages': () =>
        jsonResponse({ success: true, packages: CATALOG }),
    });
    const live = renderWithProviders(<BuyCreditsSection onAddPaymentMethod={() => undefined} />);
    await screen.findByRole('article', { name: '3 credits for $15.00' });
    live.unmount();

    stubFetch({ '/api/api/stripe-credit/credit-packages': failing });
    renderWithProviders(<BuyCreditsSection onAddPaymentMethod={() => undefined} />);
    expect(await screen.findByRole('article', { name: '100 credits for $350.00' })).toBeTruthy();
    expect(screen.getByText(/prices this browser saw last/)).toBeTruthy();
  });
});

describe('card verification in stripe mode', () => {
  function stripeRoutes(finalStatus: string) {
    const routes = purchaseRoutes(
      () => jsonResponse({ success: false, status: 'requires_action' }),
      { value: 0 },
    );
    const inner = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/api/api/stripe-credit/config')) {
        return jsonResponse({ provider: 'stripe', publishableKey: 'pk_test_1' });
      }
      if (url.endsWith('/api/api/stripe-credit/payment-intent/pi_1')) {
        return jsonResponse(intent(finalStatus));
      }
      return inner(input, init);
    });
    return routes;
  }

  it('runs Stripe.js confirmCardPayment with the client secret and takes the server status', async () => {
    stripeRoutes('succeeded');
    const confirmCardPayment = vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } }));
    const Stripe = vi.fn(() => ({ confirmCardPayment }));
    vi.stubGlobal('Stripe', Stripe);
    renderWithProviders(<BuyCreditsSection onAddPaymentMethod={() => undefined} />);
    await buyThree();
    expect(
      await screen.findByText('Payment successful! 3 credits were added to your balance.'),
    ).toBeTruthy();
    expect(Stripe).toHaveBeenCalledWith('pk_test_1');
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret');
    expect(screen.queryByRole('dialog', { name: 'Verify your card' })).toBeNull();
  });

  it("shows Stripe's message when the verification fails", async () => {
    stripeRoutes('requires_payment_method');
    vi.stubGlobal(
      'Stripe',
      vi.fn(() => ({
        confirmCardPayment: async () => ({
          error: { message: 'We are unable to authenticate your payment method.' },
        }),
      })),
    );
    renderWithProviders(<BuyCreditsSection onAddPaymentMethod={() => undefined} />);
    const { details } = await buyThree();
    expect(
      await within(details).findByText(
        '3D Secure verification failed: We are unable to authenticate your payment method.',
      ),
    ).toBeTruthy();
  });
});
