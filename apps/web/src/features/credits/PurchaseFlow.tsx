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
  creditCount,
  formatCents,
  type CreditPackage,
  type PaymentMethodView,
} from '@vr/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ThreeDsDialog } from '../payments/index.ts';
import { usePurchaseFlow } from './use-purchase-flow.ts';

const cardLabel = (c: PaymentMethodView) =>
  `${c.cardBrand.charAt(0).toUpperCase()}${c.cardBrand.slice(1)} •••• ${c.last4} (expires ${c.expMonth}/${c.expYear.slice(-2)})`;

/**
 * The purchase of one package (docs/product-rules.md#card-payments): Select Payment Method, Next
 * creates the intent, Order Details, Confirm Payment and its branches, Cancel Order. The steps
 * run in usePurchaseFlow; this is their view.
 */
export function PurchaseFlow({
  pkg,
  cards,
  onDone,
  onCredited,
  onAddCard,
}: {
  pkg: CreditPackage;
  cards: PaymentMethodView[];
  onDone: () => void;
  /** After onDone, when the purchase added the credits. */
  onCredited?: () => void;
  /** Leaves the purchase for Payment Info, where a card is added. */
  onAddCard: () => void;
}) {
  const { step, busy, error, next, confirm, challenge, cancelOrder, chooseAnotherCard, later } =
    usePurchaseFlow(pkg, onDone, onCredited);
  // Nothing to check here (the purchase says when no card is chosen); the choice stays when a
  // refused payment comes back here for another card.
  const { control, handleSubmit } = useForm({
    defaultValues: { cardId: (cards.find((c) => c.isDefault) ?? cards[0])?.id ?? '' },
  });
  const cardId = useWatch({ control, name: 'cardId' });

  const errorBox = error ? (
    <Alert severity="error" sx={{ mt: 2 }}>
      {error}
    </Alert>
  ) : null;

  if (step.kind === 'challenge') {
    return (
      <ThreeDsDialog
        what={`this payment of ${formatCents(step.intent.amount)} with ${cardLabel(step.card)}`}
        busy={busy}
        error={error}
        onResult={challenge}
        onLater={later}
      />
    );
  }

  if (step.kind === 'refused') {
    return (
      <Dialog open onClose={onDone} fullWidth maxWidth="xs" aria-labelledby="refused-title">
        <DialogTitle id="refused-title">Payment not completed</DialogTitle>
        <DialogContent>
          <Alert severity="error">{step.message}</Alert>
          <DialogContentText sx={{ mt: 2 }}>{PAYMENT_MESSAGES.refusedHelp}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button sx={{ mr: 'auto' }} onClick={onDone}>
            Close
          </Button>
          <Button
            variant="outlined"
            onClick={() => {
              onDone();
              onAddCard();
            }}
          >
            Add a card
          </Button>
          <Button variant="contained" onClick={chooseAnotherCard}>
            Use another card
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  if (step.kind === 'details') {
    return (
      <Dialog open onClose={busy ? undefined : cancelOrder} fullWidth maxWidth="xs">
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
          <Button disabled={busy} onClick={cancelOrder}>
            Cancel Order
          </Button>
          <Button variant="contained" disabled={busy} onClick={confirm}>
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
          {pkg.description}: {creditCount(pkg.creditAmount)} for{' '}
          {formatCents(pkg.amount, pkg.currency)}
        </DialogContentText>
        <Controller
          control={control}
          name="cardId"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              aria-label="Saved cards"
            >
              {cards.map((c) => (
                <FormControlLabel
                  key={c.id}
                  value={c.id}
                  control={<Radio />}
                  label={cardLabel(c)}
                />
              ))}
            </RadioGroup>
          )}
        />
        {errorBox}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button disabled={busy} onClick={onDone}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={busy || !cardId}
          onClick={() =>
            void handleSubmit((chosen) => next(cards.find((c) => c.id === chosen.cardId)))()
          }
        >
          {busy ? 'Processing...' : 'Next'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
