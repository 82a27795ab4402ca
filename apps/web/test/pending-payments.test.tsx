import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES, type PendingPaymentView } from '@vr/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { PendingPayments } from '../src/features/payments/PendingPayments.tsx';
import { setToken } from '../src/lib/token.ts';
import { jsonResponse, renderWithProviders, stubFetch } from './support.tsx';

beforeEach(() => setToken('user-token'));

const pending = (
  paymentIntentId: string,
  status: PendingPaymentView['status'],
): PendingPaymentView => ({
  paymentIntentId,
  clientSecret: `${paymentIntentId}_secret`,
  status,
  description: '3 Vehicle Report Credits',
  credits: 3,
  amount: 1500,
  currency: 'usd',
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('pending payments', () => {
  it("lists the server's unfinished purchases and runs the verification again", async () => {
    const state = { list: [pending('pi_v', 'requires_action'), pending('pi_c', 'processing')] };
    const { calls } = stubFetch({
      '/api/api/stripe-credit/pending-payments': () =>
        jsonResponse({ success: true, data: state.list }),
      '/api/api/sandbox/payment-intent/pi_v/3ds': () => {
        state.list = state.list.filter((p) => p.paymentIntentId !== 'pi_v');
        return jsonResponse({ success: true, status: 'succeeded' });
      },
      '/api/api/user/credit': () => jsonResponse({ creditBalance: 3 }),
      '/api/api/user/credit-history': () => jsonResponse({ success: true, data: [] }),
    });
    renderWithProviders(<PendingPayments />);
    const verifying = await screen.findByRole('group', {
      name: '3 Vehicle Report Credits, $15.00, Awaiting verification',
    });
    const processing = screen.getByRole('group', {
      name: '3 Vehicle Report Credits, $15.00, Pending',
    });
    expect(within(processing).queryByRole('button', { name: 'Complete verification' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(verifying).getByRole('button', { name: 'Complete verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your card' });
    expect(within(dialog).getByText(/this payment of \$15\.00/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    expect(await screen.findByText('Payment successful. Your credits were added.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: /Awaiting verification/ })).toBeNull(),
    );
    expect(calls.filter((c) => c.endsWith('/pending-payments')).length).toBeGreaterThan(1);
  });

  it("keeps a row's buttons disabled while one of its writes works, and says when it failed", async () => {
    let answer = () => undefined as void;
    stubFetch({
      '/api/api/stripe-credit/pending-payments': () =>
        jsonResponse({ success: true, data: [pending('pi_c', 'processing')] }),
      '/api/api/stripe-credit/payment-intent/pi_c/cancel': async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return jsonResponse({ message: 'Gateway unavailable' }, 502);
      },
    });
    renderWithProviders(<PendingPayments />);
    const row = await screen.findByRole('group', {
      name: '3 Vehicle Report Credits, $15.00, Pending',
    });
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(row).getByRole('button', { name: 'Check Status' })).toHaveProperty(
        'disabled',
        true,
      ),
    );
    expect(within(row).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    answer();
    expect(await screen.findByText(PAYMENT_MESSAGES.cancelFailed)).toBeTruthy();
    await waitFor(() =>
      expect(within(row).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', false),
    );
  });

  it('shows nothing without unfinished purchases, and a failed fetch with Retry', async () => {
    stubFetch({
      '/api/api/stripe-credit/pending-payments': () =>
        jsonResponse({ message: 'Database unavailable' }, 503, 'Unavailable'),
    });
    renderWithProviders(<PendingPayments />);
    expect(
      await screen.findByText(
        'Your pending payments could not be loaded. Database unavailable',
        undefined,
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
