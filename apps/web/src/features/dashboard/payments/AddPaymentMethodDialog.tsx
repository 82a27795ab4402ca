import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import Lock from '@mui/icons-material/Lock';
import {
  PAYMENT_MESSAGES,
  TIMINGS,
  type BillingDetailsInput,
  type CreatedCard,
} from '@vr/contracts';
import { useEffect, useRef, useState, lazy, Suspense } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { ApiError } from '../../../lib/api.ts';
import { createSandboxCard, saveCard, usePaymentsConfig } from './api.ts';
import type { CardMaker } from './StripeCardSection.tsx';

// Stripe's React elements load only in stripe mode; sandbox users never download them.
const StripeCardSection = lazy(() =>
  import('./StripeCardSection.tsx').then((m) => ({ default: m.StripeCardSection })),
);
import {
  cardFieldError,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  isCardComplete,
  parseExpiry,
  type CardFieldName,
  type CardFields,
} from './card-input.ts';

const EMPTY = {
  name: '',
  email: '',
  line1: '',
  city: '',
  state: '',
  country: 'US',
};
const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '', postalCode: '' };

/**
 * The Add Payment Method modal (mounted fresh each time it opens, so it starts empty): billing details and the card. In the
 * sandbox the card fields are ours and the card becomes a payment method at the sandbox gateway,
 * as Stripe's card element would make it at Stripe.
 */
export function AddPaymentMethodDialog({
  open,
  email,
  onClose,
  onAdded,
}: {
  open: boolean;
  email: string;
  onClose: () => void;
  onAdded: () => void;
}) {
  const [form, setForm] = useState({ ...EMPTY, email });
  const [card, setCard] = useState(EMPTY_CARD);
  // A field's error shows once the customer has left it (or tried to submit).
  const [left, setLeft] = useState<ReadonlySet<CardFieldName>>(new Set());
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const toast = useToast();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const config = usePaymentsConfig();
  const stripeKey =
    config.data?.provider === 'stripe' ? (config.data.publishableKey ?? null) : null;
  const stripeMaker = useRef<CardMaker | null>(null);
  const [stripeComplete, setStripeComplete] = useState(false);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const complete = stripeKey ? stripeComplete : isCardComplete(card, new Date());
  const cardField = (name: CardFieldName, format: (text: string) => string) => {
    const error = left.has(name) ? cardFieldError(card, name, new Date()) : null;
    return {
      value: card[name],
      error: Boolean(error),
      helperText: error ?? undefined,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
        setCard((c) => ({ ...c, [name]: format(event.target.value) })),
      onBlur: () => setLeft((l) => new Set(l).add(name)),
    };
  };
  const field = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [key]: event.target.value }));
      if (key === 'name') setNameError(null);
    },
  });

  const submit = async () => {
    if (!form.name.trim()) {
      setNameError(PAYMENT_MESSAGES.cardholderRequired);
      return;
    }
    const expiry = parseExpiry(card.expiry);
    if (!complete || (!stripeKey && !expiry)) {
      setLeft(new Set<CardFieldName>(['number', 'expiry', 'cvc', 'postalCode']));
      setError(PAYMENT_MESSAGES.cardIncomplete);
      return;
    }
    const maker = stripeMaker.current;
    if (stripeKey && !maker) {
      setError(PAYMENT_MESSAGES.stripeNotLoaded);
      return;
    }
    const postalCode = stripeKey ? '' : card.postalCode.trim();
    const hasAddress = [form.line1, form.city, form.state, postalCode].some((v) => v.trim());
    const billing: BillingDetailsInput = {
      name: form.name.trim(),
      ...(form.email.trim() ? { email: form.email.trim() } : {}),
      ...(hasAddress
        ? {
            address: {
              line1: form.line1.trim(),
              city: form.city.trim(),
              state: form.state.trim(),
              postal_code: postalCode,
              country: form.country.trim() || 'US',
            },
          }
        : {}),
    };
    setBusy(true);
    setError(null);
    try {
      const created: CreatedCard = maker
        ? await maker.create(billing)
        : await createSandboxCard(
            {
              number: digitsOnly(card.number),
              expMonth: expiry!.month,
              expYear: expiry!.year,
              cvc: card.cvc,
            },
            billing,
          );
      await saveCard(created);
      setSaved(true);
      toast.success(PAYMENT_MESSAGES.cardAdded, TIMINGS.addCardToastMs);
      onAdded();
      timers.current.push(setTimeout(onClose, TIMINGS.addCardCloseMs));
    } catch (err) {
      // The gateway's own words for a refused card (Stripe.js or the sandbox); else the generic text.
      const message =
        (err instanceof ApiError && err.status < 500) || (maker && err instanceof Error)
          ? err.message
          : PAYMENT_MESSAGES.unexpected;
      setError(message);
      timers.current.push(
        setTimeout(() => setError((e) => (e === message ? null : e)), TIMINGS.errorDisplayMs),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle sx={{ pr: 6 }}>
        Add Payment Method
        <IconButton
          aria-label="Close"
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="add-card-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}
        >
          <TextField
            label="Cardholder name"
            required
            autoComplete="cc-name"
            error={Boolean(nameError)}
            helperText={nameError ?? undefined}
            {...field('name')}
            sx={{ gridColumn: '1 / -1' }}
          />
          <TextField
            label="Email (optional)"
            type="email"
            autoComplete="email"
            {...field('email')}
            sx={{ gridColumn: '1 / -1' }}
          />
          <Box
            sx={{
              gridColumn: '1 / -1',
              p: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              bgcolor: 'grey.50',
            }}
          >
            <Typography
              variant="subtitle2"
              component="h3"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 1.5 }}
            >
              <Lock fontSize="small" /> Card details
            </Typography>
            {stripeKey ? (
              <Suspense fallback={null}>
                <StripeCardSection
                  publishableKey={stripeKey}
                  maker={stripeMaker}
                  onComplete={setStripeComplete}
                />
              </Suspense>
            ) : (
              <>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 1.5,
                    gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' },
                  }}
                >
                  <TextField
                    label="Card number"
                    size="small"
                    {...cardField('number', formatCardNumber)}
                    slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-number' } }}
                    sx={{ gridColumn: '1 / -1' }}
                  />
                  <TextField
                    label="Expiry"
                    size="small"
                    placeholder="MM / YY"
                    {...cardField('expiry', formatExpiry)}
                    slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-exp' } }}
                  />
                  <TextField
                    label="CVC"
                    size="small"
                    {...cardField('cvc', (text) => digitsOnly(text).slice(0, 4))}
                    slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'cc-csc' } }}
                  />
                  <TextField
                    label="Postal code"
                    size="small"
                    {...cardField('postalCode', (text) => text.slice(0, 10))}
                    slotProps={{ htmlInput: { autoComplete: 'postal-code' } }}
                  />
                </Box>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block', mt: 1 }}
                >
                  Sandbox payments: use a test card such as 4242 4242 4242 4242 with any future
                  expiry.
                </Typography>
              </>
            )}
          </Box>
          <TextField
            label="Address line 1 (optional)"
            autoComplete="address-line1"
            {...field('line1')}
            sx={{ gridColumn: '1 / -1' }}
          />
          <TextField label="City (optional)" autoComplete="address-level2" {...field('city')} />
          <TextField label="State (optional)" autoComplete="address-level1" {...field('state')} />
          <TextField label="Country" autoComplete="country" {...field('country')} />
        </Box>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          form="add-card-form"
          variant="contained"
          disabled={!complete || busy || saved}
        >
          {busy ? 'Processing...' : 'Add Card'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
