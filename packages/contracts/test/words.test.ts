import { describe, expect, it } from 'vitest';
import {
  VPIC_ERRORS,
  creditCount,
  displayName,
  entryCount,
  passwordProblem,
  purchaseStatusLabel,
  userInitials,
  vinProblemText,
} from '../src/index.ts';

describe('the words the screens use', () => {
  it('labels purchases from the intent status, a decline with its reason', () => {
    expect(purchaseStatusLabel('succeeded').label).toBe('Completed');
    expect(purchaseStatusLabel('processing').label).toBe('Pending');
    expect(purchaseStatusLabel('requires_action').label).toBe('Awaiting verification');
    expect(purchaseStatusLabel('requires_confirmation').label).toBe('Awaiting verification');
    expect(purchaseStatusLabel('canceled').label).toBe('Canceled');
    expect(purchaseStatusLabel('requires_payment_method', 'Your card was declined.')).toEqual({
      label: 'Declined',
      reason: 'Your card was declined.',
    });
    expect(purchaseStatusLabel('requires_payment_method').label).toBe('Failed');
    expect(purchaseStatusLabel('requires_capture').label).toBe('Failed');
  });

  it('says a bad VIN as a person would, keeping vPIC text for unknown codes', () => {
    expect(vinProblemText('1', VPIC_ERRORS.checkDigit.text)).toBe(
      'The 9th character (check digit) does not match: please check the VIN.',
    );
    expect(vinProblemText('8, 6', '')).toBe('This VIN is incomplete: a VIN has 17 characters.');
    expect(vinProblemText('99', '99 - new')).toBe('99 - new');
    expect(vinProblemText(undefined, undefined)).toBe('Invalid VIN number');
  });

  it('counts in the right number and names people without placeholders', () => {
    expect([creditCount(1), creditCount(3), entryCount(1), entryCount(10)]).toEqual([
      '1 credit',
      '3 credits',
      '1 entry',
      '10 entries',
    ]);
    const nameless = { email: 'ann.lee@example.com', firstName: '', lastName: '' };
    expect([displayName(nameless), userInitials(nameless)]).toEqual(['ann.lee@example.com', 'AL']);
    const named = { email: 'x@example.com', firstName: 'Cher', lastName: '' };
    expect([displayName(named), userInitials(named)]).toEqual(['Cher', 'C']);
  });

  it('names what a password lacks', () => {
    expect(passwordProblem('Str0ng!pass')).toBeUndefined();
    expect(passwordProblem('abcdefgh')).toBe(
      'Password does not meet the required criteria: it needs an upper-case letter, a digit and a symbol.',
    );
    expect(passwordProblem('Ab1!')).toBe(
      'Password does not meet the required criteria: it needs at least 8 characters.',
    );
  });
});
