import { CARD_FIELD_MESSAGES, CARD_NUMBER_DIGITS, isCardNumber } from '@vr/contracts';

/** The sandbox card form's own rules, the ones Stripe's card element applies as you type. */

export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242", at most 19 digits. */
export function formatCardNumber(text: string): string {
  return digitsOnly(text)
    .slice(0, CARD_NUMBER_DIGITS.max)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30". */
export function formatExpiry(text: string): string {
  const d = digitsOnly(text).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

export function parseExpiry(text: string): { month: number; year: number } | null {
  const d = digitsOnly(text);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(d.slice(2)) };
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}
export type CardFieldName = keyof CardFields;

/** What is wrong with one card field, or null; `now` decides whether an expiry is past. */
export function cardFieldError(card: CardFields, field: CardFieldName, now: Date): string | null {
  switch (field) {
    case 'number': {
      const number = digitsOnly(card.number);
      if (number.length < CARD_NUMBER_DIGITS.min) return CARD_FIELD_MESSAGES.numberIncomplete;
      return isCardNumber(number) ? null : CARD_FIELD_MESSAGES.numberInvalid;
    }
    case 'expiry': {
      if (digitsOnly(card.expiry).length < 4) return CARD_FIELD_MESSAGES.expiryIncomplete;
      const expiry = parseExpiry(card.expiry);
      if (!expiry) return CARD_FIELD_MESSAGES.expiryInvalid;
      const thisMonth = now.getFullYear() * 12 + now.getMonth() + 1;
      return expiry.year * 12 + expiry.month < thisMonth ? CARD_FIELD_MESSAGES.expiryPast : null;
    }
    case 'cvc':
      return /^\d{3,4}$/.test(card.cvc) ? null : CARD_FIELD_MESSAGES.cvcIncomplete;
    case 'postalCode':
      return card.postalCode.trim().length >= 3 ? null : CARD_FIELD_MESSAGES.postalCodeIncomplete;
  }
}

const FIELDS: readonly CardFieldName[] = ['number', 'expiry', 'cvc', 'postalCode'];

/** Whether every card field passes its check (the gateway checks the rest). */
export function isCardComplete(card: CardFields, now: Date): boolean {
  return FIELDS.every((field) => cardFieldError(card, field, now) === null);
}
