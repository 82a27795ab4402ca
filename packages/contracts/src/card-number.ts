/**
 * What makes a card number (docs/product-rules.md#card-payments): 12 to 19 digits (the lengths
 * card networks issue) whose Luhn checksum holds. The sandbox gateway refuses any other number,
 * and the sandbox card form says so before it sends one.
 */
export const CARD_NUMBER_DIGITS = { min: 12, max: 19 } as const;

/** The Luhn checksum: from the right, every second digit doubled (less 9 above 9), sum ends in 0. */
function luhnChecksumHolds(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether `digits` (digits only, no spaces) is a card number: its length and its checksum. */
export function isCardNumber(digits: string): boolean {
  const { min, max } = CARD_NUMBER_DIGITS;
  return new RegExp(`^\\d{${min},${max}}$`).test(digits) && luhnChecksumHolds(digits);
}
