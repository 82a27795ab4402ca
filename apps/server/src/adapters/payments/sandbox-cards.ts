import { isCardNumber } from '@vr/contracts';

/**
 * The sandbox's card rules: Stripe's test cards and Stripe's checks at card creation. The number
 * and CVC only pass through here; nothing below keeps or logs them.
 */

export type SandboxOutcome = 'succeeds' | 'requires_action' | 'declined' | 'insufficient_funds';

export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxOutcome>> = {
  '4242424242424242': 'succeeds',
  '4000002760003184': 'requires_action',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
};

export const CARD_MESSAGES = {
  invalidNumber: 'Your card number is invalid.',
  expired: 'Your card has expired.',
  invalidExpiry: "Your card's expiration date is invalid.",
  invalidCvc: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export class CardError extends Error {}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CheckedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: SandboxOutcome;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  return 'unknown';
}

/** Checks a card as Stripe does when it is added; throws CardError with Stripe's message. */
export function checkCard(card: CardInput, now: Date = new Date()): CheckedCard {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!isCardNumber(digits)) throw new CardError(CARD_MESSAGES.invalidNumber);
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    throw new CardError(CARD_MESSAGES.invalidExpiry);
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(year) || year > now.getUTCFullYear() + 50) {
    throw new CardError(CARD_MESSAGES.invalidExpiry);
  }
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (card.expMonth - 1) < thisMonth) throw new CardError(CARD_MESSAGES.expired);
  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    throw new CardError(CARD_MESSAGES.invalidCvc);
  }
  return {
    brand,
    last4: digits.slice(-4),
    expMonth: card.expMonth,
    expYear: year,
    outcome: SANDBOX_TEST_CARDS[digits] ?? 'succeeds',
  };
}
