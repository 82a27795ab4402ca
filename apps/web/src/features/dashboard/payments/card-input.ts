/** The sandbox card form's own rules, the ones Stripe's card element applies as you type. */

export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242", at most 19 digits. */
export function formatCardNumber(text: string): string {
  return digitsOnly(text)
    .slice(0, 19)
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

/** Whether every card field is filled in a shape a card can have (the server checks the rest). */
export function isCardComplete(card: { number: string; expiry: string; cvc: string; zip: string }) {
  const number = digitsOnly(card.number);
  return (
    number.length >= 13 &&
    number.length <= 19 &&
    parseExpiry(card.expiry) !== null &&
    /^\d{3,4}$/.test(card.cvc) &&
    card.zip.trim().length >= 3
  );
}
