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
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { PAYMENT_MESSAGES, TIMINGS, type CreatedCard } from '@vr/contracts';
import { useEffect, useMemo, useRef, useState, lazy, Suspense } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useToast } from '../../components/toast/toast-context.ts';
import { ApiError } from '../../lib/api.ts';
import {
  addCardFormSchema,
  billingDetailsOf,
  emptyAddCardValues,
  type AddCardValues,
} from './add-card-form.ts';
import { createSandboxCard, saveCard, usePaymentsConfig } from './api.ts';
import type { CardMaker } from './StripeCardSection.tsx';

// Stripe's React elements load only in stripe mode; sandbox users never download them.
const StripeCardSection = lazy(() =>
  import('./StripeCardSection.tsx').then((m) => ({ default: m.StripeCardSection })),
);
import {
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  isCardComplete,
  parseExpiry,
  type CardFieldName,
} from './card-input.ts';

/** The alert under the form: a refused card, an incomplete card, Stripe.js not loaded. */
const ALERT = 'root.alert';

/** A sandbox card field: typed text is formatted as Stripe's element would format it. */
function CardTextField({
  control,
  name,
  format,
  label,
  placeholder,
  htmlInput,
  fullRow,
}: {
  control: Control<AddCardValues>;
  name: CardFieldName;
  format: (text: string) => string;
  label: string;
  placeholder?: string;
  htmlInput: { inputMode?: 'numeric'; autoComplete: string };
  fullRow?: boolean;
}) {
  // The field's error shows once the customer has left it (or tried to submit): mode onTouched.
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      label={label}
      size="small"
      placeholder={placeholder}
      name={field.name}
      value={field.value}
      inputRef={field.ref}
      onChange={(event) => field.onChange(format(event.target.value))}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      slotProps={{ htmlInput }}
      sx={fullRow ? { gridColumn: '1 / -1' } : undefined}
    />
  );
}

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
  const toast = useToast();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const config = usePaymentsConfig();
  const stripeKey =
    config.data?.provider === 'stripe' ? (config.data.publishableKey ?? null) : null;
  const stripeMaker = useRef<CardMaker | null>(null);
  const [stripeComplete, setStripeComplete] = useState(false);
  const resolver = useMemo(() => zodResolver(addCardFormSchema(!stripeKey)), [stripeKey]);
  const form = useForm<AddCardValues>({
    defaultValues: emptyAddCardValues(email),
    resolver,
    mode: 'onTouched',
  });
  const { control, formState, register, setError, clearErrors } = form;

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const card = useWatch({ control, name: ['number', 'expiry', 'cvc', 'postalCode'] });
  const complete = stripeKey
    ? stripeComplete
    : isCardComplete(
        { number: card[0], expiry: card[1], cvc: card[2], postalCode: card[3] },
        new Date(),
      );

  // The alert last shown, so that a timer clears only the message it was set for.
  const lastAlert = useRef<string | null>(null);
  const showAlert = (message: string, forMs?: number) => {
    lastAlert.current = message;
    setError(ALERT, { message });
    if (forMs === undefined) return;
    timers.current.push(
      setTimeout(() => {
        if (lastAlert.current === message) clearErrors(ALERT);
      }, forMs),
    );
  };

  const addCard = useMutation({
    mutationFn: async ({ values, maker }: { values: AddCardValues; maker: CardMaker | null }) => {
      const billing = billingDetailsOf(values, !maker);
      const expiry = parseExpiry(values.expiry);
      const created: CreatedCard = maker
        ? await maker.create(billing)
        : await createSandboxCard(
            {
              number: digitsOnly(values.number),
              expMonth: expiry!.month,
              expYear: expiry!.year,
              cvc: values.cvc,
            },
            billing,
          );
      await saveCard(created);
    },
    onSuccess: () => {
      toast.success(PAYMENT_MESSAGES.cardAdded, TIMINGS.addCardToastMs);
      onAdded();
      timers.current.push(setTimeout(onClose, TIMINGS.addCardCloseMs));
    },
    onError: (err, { maker }) => {
      // The gateway's own words for a refused card (Stripe.js or the sandbox); else the generic text.
      const message =
        (err instanceof ApiError && err.status < 500) || (maker && err instanceof Error)
          ? err.message
          : PAYMENT_MESSAGES.unexpected;
      showAlert(message, TIMINGS.errorDisplayMs);
    },
  });
  const busy = addCard.isPending;

  const submit = (event: React.FormEvent) =>
    form.handleSubmit(
      (values) => {
        if (!complete || (!stripeKey && !parseExpiry(values.expiry))) {
          showAlert(PAYMENT_MESSAGES.cardIncomplete);
          return;
        }
        const maker = stripeMaker.current;
        if (stripeKey && !maker) {
          showAlert(PAYMENT_MESSAGES.stripeNotLoaded);
          return;
        }
        addCard.mutate({ values, maker: stripeKey ? maker : null });
      },
      (errors) => {
        if (!errors.name) showAlert(PAYMENT_MESSAGES.cardIncomplete);
      },
    )(event);
  // The cardholder's name is asked for when the customer tries to submit, not on leaving it.
  const nameError = formState.isSubmitted ? formState.errors.name?.message : undefined;
  const alert = formState.errors.root?.alert?.message;
  const field = (key: 'email' | 'line1' | 'city' | 'state' | 'country') => {
    const { ref, ...rest } = register(key);
    return { ...rest, inputRef: ref };
  };
  const nameField = register('name');

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
          onSubmit={(event) => void submit(event)}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}
        >
          <TextField
            label="Cardholder name"
            required
            autoComplete="cc-name"
            error={Boolean(nameError)}
            helperText={nameError}
            name={nameField.name}
            inputRef={nameField.ref}
            onChange={nameField.onChange}
            onBlur={nameField.onBlur}
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
                  <CardTextField
                    control={control}
                    name="number"
                    label="Card number"
                    format={formatCardNumber}
                    htmlInput={{ inputMode: 'numeric', autoComplete: 'cc-number' }}
                    fullRow
                  />
                  <CardTextField
                    control={control}
                    name="expiry"
                    label="Expiry"
                    placeholder="MM / YY"
                    format={formatExpiry}
                    htmlInput={{ inputMode: 'numeric', autoComplete: 'cc-exp' }}
                  />
                  <CardTextField
                    control={control}
                    name="cvc"
                    label="CVC"
                    format={(text) => digitsOnly(text).slice(0, 4)}
                    htmlInput={{ inputMode: 'numeric', autoComplete: 'cc-csc' }}
                  />
                  <CardTextField
                    control={control}
                    name="postalCode"
                    label="Postal code"
                    format={(text) => text.slice(0, 10)}
                    htmlInput={{ autoComplete: 'postal-code' }}
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
        {alert ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {alert}
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
          disabled={!complete || busy || addCard.isSuccess}
        >
          {busy ? 'Processing...' : 'Add Card'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
