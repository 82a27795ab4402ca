import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useQuery } from '@tanstack/react-query';
import type { BillingDetailsInput, CreatedCard } from '@vr/contracts';
import { useImperativeHandle, type Ref } from 'react';
import { getStripe } from '../../lib/stripe.ts';

/** What the dialog asks of the card section when it submits. */
export interface CardMaker {
  create(billing: BillingDetailsInput): Promise<CreatedCard>;
}

function CardField({
  maker,
  onComplete,
}: {
  maker: Ref<CardMaker | null>;
  onComplete: (complete: boolean) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  useImperativeHandle<CardMaker | null, CardMaker | null>(
    maker,
    () =>
      stripe && elements
        ? {
            async create(billing) {
              const card = elements.getElement(CardElement);
              if (!card) throw new Error('The card field is not ready.');
              const result = await stripe.createPaymentMethod({
                type: 'card',
                card,
                billing_details: {
                  name: billing.name,
                  ...(billing.email ? { email: billing.email } : {}),
                  ...(billing.address ? { address: billing.address } : {}),
                },
              });
              if (result.error) throw new Error(result.error.message ?? 'The card was refused.');
              const pm = result.paymentMethod;
              return {
                id: pm.id,
                brand: pm.card?.brand ?? 'card',
                last4: pm.card?.last4 ?? '',
                expMonth: pm.card?.exp_month ?? 0,
                expYear: pm.card?.exp_year ?? 0,
              };
            },
          }
        : null,
    [stripe, elements],
  );
  return (
    <Box
      sx={{
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <CardElement
        options={{ hidePostalCode: false }}
        onChange={(event) => onComplete(event.complete)}
      />
    </Box>
  );
}

/**
 * Stripe mode's card input: Stripe's own card element (number, expiry, CVC, postal code), loaded
 * from Stripe; the number never passes through this page's code or this server.
 */
export function StripeCardSection({
  publishableKey,
  maker,
  onComplete,
}: {
  publishableKey: string;
  maker: Ref<CardMaker | null>;
  onComplete: (complete: boolean) => void;
}) {
  const stripe = useQuery({
    queryKey: ['stripe-js', publishableKey],
    queryFn: () => getStripe(publishableKey),
    retry: false,
    staleTime: Infinity,
  });
  if (stripe.isError) return <Alert severity="error">{stripe.error.message}</Alert>;
  if (!stripe.data) {
    return (
      <Typography color="text.secondary" role="status">
        Loading the secure card form…
      </Typography>
    );
  }
  return (
    <Elements stripe={stripe.data}>
      <CardField maker={maker} onComplete={onComplete} />
    </Elements>
  );
}
