import { describe, expect, it } from 'vitest';
import {
  expectedCheckDigit,
  hasValidCheckDigit,
  hasValidVinCharacters,
  isOrderableVin,
  normalizeVin,
} from '../src/vin.ts';

/** Widely published VINs of eight makes; the 1989 MCI bus carries check digit X. */
const REAL_VINS = [
  '1HGCM82633A004352',
  '1M8GDM9AXKP042788',
  'JH4KA7561PC008269',
  '1GNEK13ZX3R298984',
  '1FAFP40634F172825',
  '1N4AL11D75C109151',
  '5GZCZ43D13S812715',
  '3VWFE21C04M000001',
];

/** A character whose value surely differs from `ch`'s: letters count 1–9, never 0. */
function differentValue(ch: string): string {
  return ch === '0' ? '1' : '0';
}

describe('VIN rules', () => {
  it('upper-cases and trims what a person typed', () => {
    expect(normalizeVin('  1hgcm82633a004352\t')).toBe('1HGCM82633A004352');
    expect(normalizeVin('')).toBe('');
  });

  it('accepts digits and capitals except I, O and Q', () => {
    expect(hasValidVinCharacters('ABCDEFGHJKLMNPRSTUVWXYZ0123456789')).toBe(true);
    expect(hasValidVinCharacters('')).toBe(true);
    for (const bad of ['I', 'O', 'Q', 'a', '-', ' ', '*', 'É', '\u0000']) {
      expect(hasValidVinCharacters(`1HGCM8${bad}633A004352`), JSON.stringify(bad)).toBe(false);
    }
  });

  it.each(REAL_VINS)('computes the check digit real VIN %s carries', (vin) => {
    expect(expectedCheckDigit(vin)).toBe(vin.charAt(8));
    expect(hasValidCheckDigit(vin)).toBe(true);
    expect(isOrderableVin(vin.toLowerCase())).toBe(true);
  });

  it('uses X for a remainder of 10', () => {
    expect(expectedCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it.each(REAL_VINS)('notices any one changed character of %s', (vin) => {
    for (let i = 0; i < vin.length; i++) {
      if (i === 8) continue;
      const mutated = `${vin.slice(0, i)}${differentValue(vin.charAt(i))}${vin.slice(i + 1)}`;
      expect(hasValidCheckDigit(mutated), `position ${i + 1} of ${mutated}`).toBe(false);
    }
  });

  it('notices a wrong check digit itself', () => {
    expect(hasValidCheckDigit('1HGCM82643A004352')).toBe(false);
    expect(hasValidCheckDigit('1M8GDM9A0KP042788')).toBe(false);
  });

  it('treats letters sharing a value alike, as the standard does', () => {
    // A and J both count 1, so swapping one for the other keeps the sum.
    expect(expectedCheckDigit('1HGCM82633J004352')).toBe(expectedCheckDigit('1HGCM82633A004352'));
  });

  it('refuses a wrong length or invalid characters even with the right sum', () => {
    expect(hasValidCheckDigit('1HGCM82633A00435')).toBe(false);
    expect(hasValidCheckDigit('1HGCM82633A0043521')).toBe(false);
    expect(hasValidCheckDigit('1HGCM82633A00435I')).toBe(false);
    expect(isOrderableVin('')).toBe(false);
  });
});
