/** VIN rules shared by the decode service, the order service and the web inputs. */
export const VIN_LENGTH = 17;

/**
 * The longest VIN-shaped input any endpoint takes (path, body, batch entry): a VIN with room
 * for stray characters pasted with it, which vPIC's decodes answer with error 5, as vPIC does.
 * Longer input is refused with 400 naming the field before anything logs or forwards it.
 */
export const VIN_INPUT_MAX = 32;

/** Letters I, O and Q never appear in a VIN (ISO 3779). */
export const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]*$/;

// The ISO 3779 letter values, laid out as the standard tables them.
// prettier-ignore
const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** Upper-cases and trims what a person typed; the VIN input and the API both start here. */
export function normalizeVin(input: string): string {
  return input.trim().toUpperCase();
}

export function hasValidVinCharacters(vin: string): boolean {
  return VIN_CHARACTERS.test(vin);
}

/** The check digit (position 9) a 17-character VIN of valid characters should carry. */
export function expectedCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const ch = vin.charAt(i);
    const digit = ch.charCodeAt(0) - 48;
    const value = digit >= 0 && digit <= 9 ? digit : (TRANSLITERATION[ch] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

export function hasValidCheckDigit(vin: string): boolean {
  return (
    vin.length === VIN_LENGTH &&
    hasValidVinCharacters(vin) &&
    vin.charAt(8) === expectedCheckDigit(vin)
  );
}

/** A VIN a report can be ordered for: 17 valid characters with a correct check digit. */
export function isOrderableVin(vin: string): boolean {
  return hasValidCheckDigit(normalizeVin(vin));
}
