import { randomInt } from 'node:crypto';
import { AUTH_LIMITS } from '@vr/contracts';

/** A code we mail (sign-up, sign-in): `otpLength` digits from the CSPRNG, unbiased. */
export function newMailedCode(): string {
  const digits = AUTH_LIMITS.otpLength;
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}
