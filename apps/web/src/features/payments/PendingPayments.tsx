import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  PAYMENT_MESSAGES,
  canCancelPayment,
  canConfirmPayment,
  canVerifyPayment,
  formatCents,
  purchaseStatusLabel,
  type PendingPaymentView,
  type SandboxChallengeResult,
} from '@vr/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PurchaseStatusChip } from '../../components/PurchaseStatusChip.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useRefreshCredits } from '../../lib/credits.ts';
import { confirmCardPayment } from './stripe-js.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatWhen } from '../../lib/format-when.ts';
import { intentApi, usePaymentsConfig, usePendingPayments, useRefreshPending } from './api.ts';
import { PaymentRow } from './PaymentRow.tsx';
import { ThreeDsDialog } from './ThreeDsDialog.tsx';

/** A write from a pending payment's row, and the toast that says it failed. */
interface RowAction {
  work: () => Promise<void>;
  failure: (message: string) => string;
}

function PendingRow({ item }: { item: PendingPaymentView }) {
  const toast = useToast();
  const refreshCredits = useRefreshCredits();
  const refreshPending = useRefreshPending();
  const config = usePaymentsConfig().data;
  const [challenging, setChallenging] = useState(false);
  const amount = formatCents(item.amount, item.currency);

  const refresh = () => Promise.all([refreshCredits(), refreshPending()]);

  // One mutation for the row's actions: a row does one thing at a time, and every button waits.
  const action = useMutation({
    mutationFn: ({ work }: RowAction) => work(),
    onError: (err, { failure }) => toast.error(failure(err.message)),
  });
  const busy = action.isPending;
  const run = (work: () => Promise<void>, failure: (message: string) => string) =>
    action.mutate({ work, failure });

  /** Tells the customer where a payment now stands, from the server's status. */
  const report = async (status: string, message?: string | null) => {
    await refresh();
    if (status === 'succeeded') toast.success(PAYMENT_MESSAGES.paymentSucceeded);
    else if (status === 'canceled') toast.info(PAYMENT_MESSAGES.paymentCanceled);
    else if (status === 'requires_action') toast.warning(PAYMENT_MESSAGES.stillNeedsVerification);
    else if (status === 'requires_payment_method')
      toast.error(
        PAYMENT_MESSAGES.confirmationFailed(message ?? purchaseStatusLabel(status).label),
      );
    else toast.info(PAYMENT_MESSAGES.paymentStatus(purchaseStatusLabel(status, message).label));
  };

  const checkStatus = () =>
    run(
      async () => {
        const intent = await intentApi.get(item.paymentIntentId);
        await report(intent.status, intent.message);
      },
      () => PAYMENT_MESSAGES.checkStatusFailed,
    );

  const confirm = () =>
    run(async () => {
      const result = await intentApi.confirm(item.paymentIntentId);
      if (result.status === 'requires_action') {
        await verify();
        return;
      }
      await report(result.status, result.message);
    }, PAYMENT_MESSAGES.confirmationFailed);

  /** Runs the bank's check (3-D Secure) again: Stripe's dialog, or the sandbox's. */
  const verify = async () => {
    if (config?.provider === 'stripe' && config.publishableKey) {
      try {
        await confirmCardPayment(config.publishableKey, item.clientSecret);
      } catch (err) {
        toast.error(PAYMENT_MESSAGES.threeDsFailed((err as Error).message));
      }
      const intent = await intentApi.get(item.paymentIntentId);
      await refresh();
      if (intent.status === 'succeeded') toast.success(PAYMENT_MESSAGES.paymentSucceeded);
      return;
    }
    setChallenging(true);
  };

  const completeChallenge = (result: SandboxChallengeResult) =>
    run(async () => {
      const outcome = await intentApi.threeDs(item.paymentIntentId, result);
      setChallenging(false);
      if (outcome.status === 'requires_payment_method' || outcome.status === 'failed') {
        toast.error(PAYMENT_MESSAGES.threeDsFailed(outcome.message ?? 'authentication failed'));
        await refresh();
        return;
      }
      await report(outcome.status, outcome.message);
    }, PAYMENT_MESSAGES.threeDsFailed);

  const cancel = () =>
    run(
      async () => {
        await intentApi.cancel(item.paymentIntentId);
        await report('canceled');
      },
      () => PAYMENT_MESSAGES.cancelFailed,
    );

  const { label } = purchaseStatusLabel(item.status);
  return (
    <PaymentRow
      label={`${item.description}, ${amount}, ${label}`}
      title={`${item.description} · ${amount}`}
      detail={formatWhen(item.createdAt)}
    >
      <PurchaseStatusChip label={label} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" variant="outlined" disabled={busy} onClick={checkStatus}>
          Check Status
        </Button>
        {canConfirmPayment(item.status) ? (
          <Button size="small" variant="contained" disabled={busy} onClick={confirm}>
            Confirm Payment
          </Button>
        ) : null}
        {canVerifyPayment(item.status) ? (
          <Button
            size="small"
            variant="contained"
            disabled={busy}
            onClick={() => run(verify, PAYMENT_MESSAGES.threeDsFailed)}
          >
            Complete verification
          </Button>
        ) : null}
        {canCancelPayment(item.status) ? (
          <Button size="small" color="error" disabled={busy} onClick={cancel}>
            Cancel
          </Button>
        ) : null}
      </Box>
      {challenging ? (
        <ThreeDsDialog
          what={`this payment of ${amount}`}
          busy={busy}
          error={null}
          onResult={completeChallenge}
          onLater={() => setChallenging(false)}
        />
      ) : null}
    </PaymentRow>
  );
}

/**
 * Purchases that can still be completed, from the server (docs/payments-api.md): Check Status,
 * Confirm Payment, Complete verification (3-D Secure again) and Cancel.
 */
export function PendingPayments() {
  const pending = usePendingPayments();
  const items = pending.data ?? [];
  if (pending.isError) {
    return (
      <SectionCard title="Pending Payments">
        <QueryStatus
          loading={false}
          error={pending.error}
          errorPrefix={PAYMENT_MESSAGES.pendingLoadFailed}
          onRetry={() => void pending.refetch()}
        />
      </SectionCard>
    );
  }
  if (items.length === 0) return null;
  return (
    <SectionCard title="Pending Payments">
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {items.map((item) => (
          <PendingRow key={item.paymentIntentId} item={item} />
        ))}
      </Box>
    </SectionCard>
  );
}
