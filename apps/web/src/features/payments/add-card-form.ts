import { PAYMENT_MESSAGES, type BillingDetailsInput } from '@vr/contracts';
import { z } from 'zod';
import { cardFieldError, type CardFieldName, type CardFields } from './card-input.ts';

/** What the Add Payment Method form holds: billing details and, in the sandbox, the card. */
export interface AddCardValues extends CardFields {
  name: string;
  email: string;
  line1: string;
  city: string;
  state: string;
  country: string;
}

export function emptyAddCardValues(email: string): AddCardValues {
  return {
    name: '',
    email,
    line1: '',
    city: '',
    state: '',
    country: 'US',
    number: '',
    expiry: '',
    cvc: '',
    postalCode: '',
  };
}

const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '', postalCode: '' };

/**
 * One card field, checked by the card form's rules (`cardFieldError`, which asks contracts'
 * `isCardNumber` for the number). In stripe mode Stripe's element checks the card instead.
 */
function cardField(name: CardFieldName, checked: boolean, now: () => Date) {
  const text = z.string();
  if (!checked) return text;
  return text.superRefine((value, ctx) => {
    const message = cardFieldError({ ...EMPTY_CARD, [name]: value }, name, now());
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** The form's schema, for react-hook-form's zod resolver. */
export function addCardFormSchema(sandboxCard: boolean, now: () => Date = () => new Date()) {
  return z.object({
    name: z.string().refine((v) => v.trim() !== '', PAYMENT_MESSAGES.cardholderRequired),
    email: z.string(),
    line1: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    number: cardField('number', sandboxCard, now),
    expiry: cardField('expiry', sandboxCard, now),
    cvc: cardField('cvc', sandboxCard, now),
    postalCode: cardField('postalCode', sandboxCard, now),
  });
}

/** The billing details in Stripe's shape; the address only when some part of it was given. */
export function billingDetailsOf(values: AddCardValues, sandboxCard: boolean): BillingDetailsInput {
  const postalCode = sandboxCard ? values.postalCode.trim() : '';
  const hasAddress = [values.line1, values.city, values.state, postalCode].some((v) => v.trim());
  return {
    name: values.name.trim(),
    ...(values.email.trim() ? { email: values.email.trim() } : {}),
    ...(hasAddress
      ? {
          address: {
            line1: values.line1.trim(),
            city: values.city.trim(),
            state: values.state.trim(),
            postal_code: postalCode,
            country: values.country.trim() || 'US',
          },
        }
      : {}),
  };
}
