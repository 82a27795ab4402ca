import { describe, expect, it } from 'vitest';
import { CARD_NUMBER_DIGITS, isCardNumber } from '../src/index.ts';

describe('what a card number is, for the sandbox gateway and the card form alike', () => {
  it("accepts Stripe's test cards and other numbers whose Luhn checksum holds", () => {
    for (const number of [
      '4242424242424242',
      '4000002760003184',
      '4000000000000002',
      '4000000000009995',
      '378282246310005', // 15 digits (amex)
      '6011111111111117',
    ]) {
      expect(isCardNumber(number)).toBe(true);
    }
  });

  it('refuses a number whose last digit does not match its checksum', () => {
    expect(isCardNumber('4242424242424241')).toBe(false);
    expect(isCardNumber('4000002760003185')).toBe(false);
  });

  it('takes 12 to 19 digits and nothing else', () => {
    // Luhn-valid numbers of every length from 11 to 20 digits: only 12 to 19 are card numbers.
    const withCheckDigit = (body: string) =>
      [...'0123456789'].map((d) => body + d).find((n) => luhnValid(n))!;
    for (let length = 11; length <= 20; length += 1) {
      const number = withCheckDigit('4'.padEnd(length - 1, '1'));
      expect(isCardNumber(number)).toBe(
        length >= CARD_NUMBER_DIGITS.min && length <= CARD_NUMBER_DIGITS.max,
      );
    }
    expect(CARD_NUMBER_DIGITS).toEqual({ min: 12, max: 19 });
  });

  it('refuses anything but digits: spaces, dashes, letters, nothing at all', () => {
    expect(isCardNumber('4242 4242 4242 4242')).toBe(false);
    expect(isCardNumber('4242-4242-4242-4242')).toBe(false);
    expect(isCardNumber('42424242424242x2')).toBe(false);
    expect(isCardNumber('')).toBe(false);
  });
});

/** An independent Luhn check, written from the definition, to build numbers of each length. */
function luhnValid(number: string): boolean {
  const sum = [...number]
    .reverse()
    .map(Number)
    .map((d, i) => (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d))
    .reduce((a, b) => a + b, 0);
  return sum % 10 === 0;
}
