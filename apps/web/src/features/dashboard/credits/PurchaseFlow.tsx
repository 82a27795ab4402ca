import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  PAYMENT_MESSAGES,
  formatCents,
  type CreditPackage,
  type PaymentIntentView,
  type PaymentMethodView,
} from '@vr/contracts';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { intentApi, usePaymentsConfig } from '../payments/api.ts';
import { pendingPayments } from '../payments/pending-payments.ts';
import { useRefreshCredits } from './api.ts';
import { confirmCardPayment } from './stripe-js.ts';

type Step =
  | { kind: 'select' }
  | { kind: 'details'; intent: PaymentIntentView; card: PaymentMethodView }
  | { kind: 'challenge'; intent: PaymentIntentView; card: PaymentMethodView };

const cardLabel = (c: PaymentMethodView) =>
  `${c.cardBrand.charAt(0).toUpperCase()}${c.cardBrand.slice(1)} •••• ${c.last4} (expires ${c.expMonth}/${c.expYear.slice(-2)})`;

/**
 * The purchase of one package (docs/product-rules.md#card-payments): Select Payment Method, Next
 * creates the intent, Order Details, Confirm Payment and its branches, Cancel Order.
 */
export function PurchaseFlow({
  pkg,
  cards,
  onDone,
}: {
  pkg: CreditPackage;
  cards: PaymentMethodView[];
  onDone: () => void;
}) {
  const toast = useToast();
  const refreshCredits = useRefreshCredits();
  const config = usePaymentsConfig().data;
  const [step, setStep] = useState<Step>({ kind: 'select' });
  const [cardId, setCardId] = useState(
    () => (cards.find((c) => c.isDefault) ?? cards[0])?.id ?? '',
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toPending = (intent: PaymentIntentView, status: string) => {
    pendingPayments.add({
      id: intent.paymentIntentId,
      amount: intent.amount,
      status,
      timestamp: Date.now(),
      description: pkg.description,
    });
  };

  const succeeded = async () => {
    await refreshCredits();
    toast.success(`Payment successful! ${pkg.creditAmount} credits were added to your balance.`);
    onDone();
  };

  const next = async () => {
    const card = cards.find((c) => c.id === cardId);
    if (!card) {
      setError(PAYMENT_MESSAGES.selectMethodAndPackage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const intent = await intentApi.create(pkg.packageId, card.paymentMethodId);
      setStep({ kind: 'details', intent, card });
    } catch (err) {
      setError(PAYMENT_MESSAGES.operationFailed((err as Error).message));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (step.kind !== 'details') {
      setError(PAYMENT_MESSAGES.noPendingOrder);
      return;
    }
    const { intent, card } = step;
    setBusy(true);
    setError(null);
    try {
      const result = await intentApi.confirm(intent.paymentIntentId);
      await refreshCredits();
      if (result.success && result.status === 'succeeded') return await succeeded();
      if (result.status === 'requires_action') {
        if (config?.provider === 'stripe' && config.publishableKey) {
          return await stripeVerification(intent, config.publishableKey);
        }
        setStep({ kind: 'challenge', intent, card });
        return;
      }
      if (
        result.status === 'requires_payment_method' ||
        result.status === 'failed' ||
        result.status === 'canceled'
      ) {
        setError(PAYMENT_MESSAGES.confirmationFailed(result.message ?? result.status));
        return;
      }
      toPending(intent, result.status);
      toast.info('Your payment is pending. You can check it under Payment Info.');
      onDone();
    } catch (err) {
      setError(PAYMENT_MESSAGES.confirmationFailed((err as Error).message));
    } finally {
      setBusy(false);
    }
  };

  /** Stripe mode: Stripe.js shows the bank's check; the server's view of the intent decides. */
  const stripeVerification = async (intent: PaymentIntentView, publishableKey: string) => {
    try {
      await confirmCardPayment(publishableKey, intent.clientSecret);
    } catch (err) {
      setError(PAYMENT_MESSAGES.threeDsFailed((err as Error).message));
      return;
    }
    const current = await intentApi.get(intent.paymentIntentId);
    await refreshCredits();
    if (current.status === 'succeeded') return await succeeded();
    toPending(intent, current.status);
    toast.info('Your payment is pending. You can check it under Payment Info.');
    onDone();
  };

  const challenge = async (result: 'complete' | 'fail') => {
    if (step.kind !== 'challenge') return;
    const { intent, card } = step;
    setBusy(true);
    setError(null);
    try {
      const outcome = await intentApi.threeDs(intent.paymentIntentId, result);
      if (outcome.status === 'succeeded') return await succeeded();
      if (outcome.status === 'requires_payment_method' || outcome.status === 'failed') {
        setStep({ kind: 'details', intent, card });
        setError(PAYMENT_MESSAGES.threeDsFailed(outcome.message ?? 'authentication failed'));
        return;
      }
      toPending(intent, outcome.status);
      toast.info('Your payment is pending. You can check it under Payment Info.');
      onDone();
    } catch (err) {
      setStep({ kind: 'details', intent, card });
      setError(PAYMENT_MESSAGES.threeDsFailed((err as Error).message));
    } finally {
      setBusy(false);
    }
  };

  const cancelOrder = async () => {
    if (step.kind === 'select') return onDone();
    setBusy(true);
    try {
      await intentApi.cancel(step.intent.paymentIntentId);
      toast.info('Order canceled.');
      onDone();
    } catch {
      setError(PAYMENT_MESSAGES.cancelFailed);
    } finally {
      setBusy(false);
    }
  };

  const errorBox = error ? (
    <Alert severity="error" sx={{ mt: 2 }}>
      {error}
    </Alert>
  ) : null;

  if (step.kind === 'challenge') {
    return (
      <Dialog open onClose={undefined} fullWidth maxWidth="xs" aria-labelledby="three-ds-title">
        <DialogTitle id="three-ds-title">Verify your card</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Your bank asks you to confirm this payment of {formatCents(step.intent.amount)} with{' '}
            {cardLabel(step.card)}. This is the sandbox&apos;s 3-D Secure check: choose how it ends.
          </DialogContentText>
          {errorBox}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            disabled={busy}
            sx={{ mr: 'auto' }}
            onClick={() => {
              toPending(step.intent, 'requires_action');
              toast.info('The payment waits for verification; you find it under Payment Info.');
              onDone();
            }}
          >
            Later
          </Button>
          <Button color="error" disabled={busy} onClick={() => void challenge('fail')}>
            Fail authentication
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => void challenge('complete')}>
            Complete authentication
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  if (step.kind === 'details') {
    return (
      <Dialog open onClose={busy ? undefined : () => void cancelOrder()} fullWidth maxWidth="xs">
        <DialogTitle>Order Details</DialogTitle>
        <DialogContent>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}
          >
            <Typography component="dt" color="text.secondary">
              Package
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {pkg.description}
            </Typography>
            <Typography component="dt" color="text.secondary">
              Credits
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {pkg.creditAmount}
            </Typography>
            <Typography component="dt" color="text.secondary">
              Amount
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
              {formatCents(step.intent.amount, step.intent.currency)}
            </Typography>
            <Typography component="dt" color="text.secondary">
              Card
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {cardLabel(step.card)}
            </Typography>
          </Box>
          {errorBox}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button disabled={busy} onClick={() => void cancelOrder()}>
            Cancel Order
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Processing...' : 'Confirm Payment'}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={busy ? undefined : onDone} fullWidth maxWidth="xs">
      <DialogTitle>Select Payment Method</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1.5 }}>
          {pkg.description}: {pkg.creditAmount} credits for {formatCents(pkg.amount, pkg.currency)}
        </DialogContentText>
        <RadioGroup
          value={cardId}
          onChange={(e) => setCardId(e.target.value)}
          aria-label="Saved cards"
        >
          {cards.map((c) => (
            <FormControlLabel key={c.id} value={c.id} control={<Radio />} label={cardLabel(c)} />
          ))}
        </RadioGroup>
        {errorBox}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button disabled={busy} onClick={onDone}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy || !cardId} onClick={() => void next()}>
          {busy ? 'Processing...' : 'Next'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
