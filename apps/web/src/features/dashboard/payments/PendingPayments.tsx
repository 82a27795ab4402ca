import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { PAYMENT_MESSAGES, formatCents } from '@vr/contracts';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useRefreshCredits } from '../credits/api.ts';
import { SectionCard } from '../SectionCard.tsx';
import { intentApi } from './api.ts';
import { PaymentRow } from './PaymentRow.tsx';
import { canCancel, canConfirm, intentStatusLabel } from './intent-status.ts';
import { pendingPayments, usePendingPayments, type PendingPayment } from './pending-payments.ts';

const TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function PendingRow({ item }: { item: PendingPayment }) {
  const toast = useToast();
  const refreshCredits = useRefreshCredits();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      toast.error(failure || PAYMENT_MESSAGES.operationFailed((err as Error).message));
    } finally {
      setBusy(false);
    }
  };

  const checkStatus = () =>
    run(async () => {
      const intent = await intentApi.get(item.id);
      if (intent.status === 'succeeded') {
        pendingPayments.remove(item.id);
        await refreshCredits();
        toast.success('Payment successful. Your credits were added.');
      } else if (intent.status === 'canceled') {
        pendingPayments.remove(item.id);
        toast.info('The payment was canceled.');
      } else if (intent.status === 'requires_action') {
        pendingPayments.update(item.id, intent.status);
        toast.warning('This payment still needs additional verification.');
      } else {
        pendingPayments.update(item.id, intent.status);
        toast.info(`Payment status: ${intentStatusLabel(intent.status)}`);
      }
    }, PAYMENT_MESSAGES.checkStatusFailed);

  const confirm = () =>
    run(async () => {
      const result = await intentApi.confirm(item.id);
      if (result.success && result.status === 'succeeded') {
        pendingPayments.remove(item.id);
        await refreshCredits();
        toast.success('Payment successful. Your credits were added.');
      } else {
        pendingPayments.update(item.id, result.status);
        toast.error(
          PAYMENT_MESSAGES.confirmationFailed(result.message ?? intentStatusLabel(result.status)),
        );
      }
    }, '');

  const cancel = () =>
    run(async () => {
      await intentApi.cancel(item.id);
      pendingPayments.remove(item.id);
      await refreshCredits();
      toast.info('The payment was canceled.');
    }, PAYMENT_MESSAGES.cancelFailed);

  return (
    <PaymentRow
      title={`${item.description} · ${formatCents(item.amount)}`}
      detail={TIME.format(item.timestamp)}
    >
      <Chip size="small" color="warning" label={intentStatusLabel(item.status)} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button size="small" variant="outlined" disabled={busy} onClick={() => void checkStatus()}>
          Check Status
        </Button>
        {canConfirm(item.status) ? (
          <Button size="small" variant="contained" disabled={busy} onClick={() => void confirm()}>
            Confirm Payment
          </Button>
        ) : null}
        {canCancel(item.status) ? (
          <Button size="small" color="error" disabled={busy} onClick={() => void cancel()}>
            Cancel
          </Button>
        ) : null}
      </Box>
    </PaymentRow>
  );
}

/** Purchases that neither succeeded nor failed yet, with the spec's three actions. */
export function PendingPayments() {
  const items = usePendingPayments();
  if (items.length === 0) return null;
  return (
    <SectionCard title="Pending Payments">
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {items.map((item) => (
          <PendingRow key={item.id} item={item} />
        ))}
      </Box>
    </SectionCard>
  );
}
