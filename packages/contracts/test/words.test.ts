import { describe, expect, it } from 'vitest';
import {
  ORDER_MESSAGES,
  PAYMENT_INTENT_STATUSES,
  PAYMENT_MESSAGES,
  REPORT_PREVIEW_MESSAGES,
  VPIC_ERRORS,
  canCancelPayment,
  canConfirmPayment,
  canVerifyPayment,
  creditCount,
  isFinalPayment,
  isOpenOrder,
  isUnfinishedPayment,
  waitText,
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

  it('reads right for one and for more: credits added, waits, days', () => {
    expect(PAYMENT_MESSAGES.creditsAdded(1)).toBe(
      'Payment successful! 1 credit was added to your balance.',
    );
    expect(PAYMENT_MESSAGES.creditsAdded(2)).toBe(
      'Payment successful! 2 credits were added to your balance.',
    );
    expect([waitText(1), waitText(2), waitText(60), waitText(61)]).toEqual([
      '1 second',
      '2 seconds',
      '1 minute',
      '2 minutes',
    ]);
    expect(ORDER_MESSAGES.alreadyCompleted(1)).toContain('from the last 1 day;');
    expect(REPORT_PREVIEW_MESSAGES.existingCompleted(30)).toContain('from the last 30 days:');
    expect(creditCount(1000)).toBe('1,000 credits');
  });
});

describe('what a purchase and an order allow, by status', () => {
  it('offers Confirm, Complete verification and Cancel on an unfinished purchase as the rules say', () => {
    const offered = PAYMENT_INTENT_STATUSES.filter(isUnfinishedPayment).map((status) => [
      status,
      canConfirmPayment(status),
      canVerifyPayment(status),
      canCancelPayment(status),
    ]);
    expect(offered).toEqual([
      ['requires_confirmation', true, false, true],
      ['requires_action', false, true, true],
      ['processing', false, false, true],
    ]);
  });

  it('keeps a succeeded or canceled purchase as it is: never canceled again', () => {
    expect(PAYMENT_INTENT_STATUSES.filter(isFinalPayment)).toEqual(['canceled', 'succeeded']);
    expect(canCancelPayment('succeeded')).toBe(false);
    expect(canCancelPayment('canceled')).toBe(false);
  });

  it('counts Pending and Processing orders as open, Completed and Refunded as not', () => {
    expect(
      (['Pending', 'Processing', 'Completed', 'Refunded'] as const).map((s) => isOpenOrder(s)),
    ).toEqual([true, true, false, false]);
  });
});
