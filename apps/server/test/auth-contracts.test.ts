import {
  AUTH_MESSAGES,
  emailSchema,
  isStrongPassword,
  otpSchema,
  passwordSchema,
  splitFullName,
} from '@vr/contracts';
import { describe, expect, it } from 'vitest';

describe('the shared auth schemas', () => {
  it('accepts a password only with 8+ characters, upper, lower, digit and special', () => {
    for (const good of [
      'Str0ng!pass',
      'Aa1!Aa1!',
      'Pass word 1',
      'Ünïcødé1A',
      'x'.repeat(100) + 'A1!',
    ]) {
      expect(isStrongPassword(good), good).toBe(true);
    }
    for (const bad of ['Aa1!Aa1', 'aa1!aa1!', 'AA1!AA1!', 'Aa!!Aa!!', 'Aa11Aa11', '']) {
      expect(isStrongPassword(bad), bad).toBe(false);
    }
    const tooShort = passwordSchema.safeParse('Aa1!');
    expect(tooShort.error?.issues[0]?.message).toBe(AUTH_MESSAGES.passwordPolicy);
    const tooLong = passwordSchema.safeParse(`Aa1!${'x'.repeat(200)}`);
    expect(tooLong.error?.issues[0]?.message).toBe(AUTH_MESSAGES.passwordTooLong);
  });

  it('normalises e-mail addresses once: trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe(AUTH_MESSAGES.emailRequired);
    expect(emailSchema.safeParse('ada@').error?.issues[0]?.message).toBe(
      AUTH_MESSAGES.invalidEmail,
    );
  });

  it('wants exactly six digits for a code', () => {
    expect(otpSchema.parse(' 012345 ')).toBe('012345');
    for (const bad of ['12345', '1234567', '12345a', '１２３４５６']) {
      expect(otpSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        AUTH_MESSAGES.codeFormat,
      );
    }
  });

  it('splits a full name into the first word and the rest', () => {
    expect(splitFullName('  Ada   King  Lovelace ')).toEqual({
      givenName: 'Ada',
      familyName: 'King Lovelace',
    });
    expect(splitFullName('Cher')).toEqual({ givenName: 'Cher', familyName: null });
    expect(splitFullName('   ')).toEqual({ givenName: null, familyName: null });
    expect(splitFullName(undefined)).toEqual({ givenName: null, familyName: null });
  });
});
