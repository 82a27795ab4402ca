import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, TIMINGS, resetCodeHint } from '@vr/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AuthDialog from '../src/features/auth/AuthDialog.tsx';
import {
  authErrorMessage,
  authFormSchema,
  isSuccessMessage,
  EMPTY_FORM,
  type AuthForm,
  type AuthMode,
} from '../src/features/auth/logic.ts';
import { forgetUnfinishedAuth } from '../src/features/auth/use-auth-flow.ts';
import { ApiError } from '../src/lib/api.ts';
import { getToken, setToken } from '../src/lib/token.ts';
import { jsonResponse, renderWithProviders, stubFetch } from './support.tsx';

afterEach(() => {
  vi.useRealTimers();
  setToken(null);
  forgetUnfinishedAuth();
});

const SESSION = {
  token: 'tok-123',
  user: { id: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER' },
};

function openDialog() {
  const onSignedIn = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <AuthDialog open productName="Vehicle Records" onClose={onClose} onSignedIn={onSignedIn} />,
  );
  return { onSignedIn, onClose };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** The message each field of `mode` shows for `form`: its first complaint, as the resolver picks. */
function validate(mode: AuthMode, form: AuthForm): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const issue of authFormSchema(mode).safeParse(form).error?.issues ?? []) {
    shown[String(issue.path[0])] ??= issue.message;
  }
  return shown;
}

describe('auth dialog modes', () => {
  it('shows the product name, per-mode titles, fields with labels and submit labels', async () => {
    stubFetch({});
    openDialog();
    expect(screen.getByText('Vehicle Records')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
    expect(input('Email')).toBeTruthy();
    expect(input('Password').type).toBe('password');
    click('Show password');
    expect(input('Password').type).toBe('text');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();

    click('Sign up');
    expect(await screen.findByRole('dialog', { name: 'Create Account' })).toBeTruthy();
    for (const label of ['Email', 'Full name', 'Password', 'Confirm Password']) input(label);
    expect(screen.getByText(AUTH_MESSAGES.passwordHint)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();

    click('Sign in');
    click('Forgot password?');
    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
    click('Back to Sign In');
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('clears fields, errors and message when switching between signin, register and forgot', async () => {
    stubFetch({});
    openDialog();
    type('Email', 'ann@example.com');
    click('Sign In');
    expect(await screen.findByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();
    click('Sign up');
    expect(input('Email').value).toBe('');
    expect(screen.queryByText(AUTH_MESSAGES.passwordRequired)).toBeNull();
  });

  it('keeps the e-mail when entering verify after sign-up, and shows the hint', async () => {
    stubFetch({
      '/api/auth/sign-up/email': () => jsonResponse({ success: true, email: 'ann@example.com' }),
    });
    openDialog();
    click('Sign up');
    type('Email', 'ann@example.com');
    type('Password', 'Str0ng!pass');
    type('Confirm Password', 'Str0ng!pass');
    click('Create Account');
    expect(await screen.findByRole('dialog', { name: 'Verify Email' })).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code sent to ann@example.com')).toBeTruthy();
    expect(input('Verification Code').maxLength).toBe(6);
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(AUTH_MESSAGES.registrationCodeSent);
    click('Back to Register');
    expect(input('Email').value).toBe('');
  });
});

describe('codes, forgot password and a dialog closed mid-verification', () => {
  it('takes digits only, keeps the typed e-mail for Forgot password, and says where the reset code went', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({
      '/api/auth/email-otp/request-password-reset': () =>
        jsonResponse({ success: true, message: AUTH_MESSAGES.resetCodeSentIfAccount }),
    });
    openDialog();
    type('Email', 'ann@example.com');
    click('Forgot password?');
    expect(input('Email').value).toBe('ann@example.com');
    click('Send Reset Link');
    await screen.findByText(AUTH_MESSAGES.resetCodeSentIfAccount);
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.resetStepMs));
    expect(screen.getByText(resetCodeHint('ann@example.com'))).toBeTruthy();
    type('Verification Code', '12a 3-4');
    expect(input('Verification Code').value).toBe('1234');
    expect(input('Verification Code').inputMode).toBe('numeric');
  });

  it('reopens at the code step, with the e-mail, after being closed during verification', async () => {
    stubFetch({
      '/api/auth/sign-up/email': () => jsonResponse({ success: true, email: 'ann@example.com' }),
    });
    const first = renderWithProviders(
      <AuthDialog
        open
        productName="Vehicle Records"
        onClose={() => undefined}
        onSignedIn={() => undefined}
      />,
    );
    click('Sign up');
    type('Email', 'ann@example.com');
    type('Password', 'Str0ng!pass');
    type('Confirm Password', 'Str0ng!pass');
    click('Create Account');
    await screen.findByRole('dialog', { name: 'Verify Email' });
    first.unmount();
    openDialog();
    expect(await screen.findByRole('dialog', { name: 'Verify Email' })).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code sent to ann@example.com')).toBeTruthy();
  });
});

describe('auth form validation', () => {
  it('asks for an e-mail and a password, then a valid e-mail, and clears a field error on edit', async () => {
    stubFetch({});
    openDialog();
    click('Sign In');
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();
    type('Email', 'nope');
    expect(screen.queryByText(AUTH_MESSAGES.emailRequired)).toBeNull();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();
    click('Sign In');
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalidClient)).toBeTruthy();
  });

  it('checks the shared password rule on register but only presence on sign-in', () => {
    const form = { ...EMPTY_FORM, email: 'a@b.co', password: 'short', confirmPassword: 'x' };
    expect(validate('signin', form)).toEqual({});
    expect(validate('register', form)).toEqual({
      password:
        'Password does not meet the required criteria: it needs at least 8 characters, an upper-case letter, a digit and a symbol.',
      confirmPassword: AUTH_MESSAGES.passwordsDoNotMatch,
    });
    expect(validate('register', { ...form, password: 'longenough1A' }).password).toBe(
      'Password does not meet the required criteria: it needs a symbol.',
    );
    expect(validate('register', { ...form, password: 'Str0ng!pass', confirmPassword: '' })).toEqual(
      { confirmPassword: AUTH_MESSAGES.confirmPasswordRequired },
    );
    expect(validate('verify', { ...EMPTY_FORM, verificationCode: '12a' })).toEqual({
      verificationCode: AUTH_MESSAGES.codeFormat,
    });
    expect(validate('resetConfirm', EMPTY_FORM)).toEqual({
      verificationCode: AUTH_MESSAGES.codeRequired,
      newPassword: AUTH_MESSAGES.newPasswordRequired,
      confirmNewPassword: AUTH_MESSAGES.confirmNewPasswordRequired,
    });
  });
});

describe('status box', () => {
  it("is green when the text contains 'successful' or 'sent', else red", () => {
    expect(isSuccessMessage(AUTH_MESSAGES.verifiedAndSignedIn)).toBe(true);
    expect(isSuccessMessage(AUTH_MESSAGES.resetCodeSentIfAccount)).toBe(true);
    expect(isSuccessMessage(AUTH_MESSAGES.invalidCode)).toBe(false);
    expect(isSuccessMessage(AUTH_MESSAGES.additionalVerification)).toBe(false);
  });
});

describe('error codes to messages', () => {
  const err = (code: string, message = 'server text') =>
    new ApiError(message, 400, { message, code });
  it('words each case as docs/auth-api.md lists it', () => {
    expect(authErrorMessage('verify', err('INVALID_OTP'))).toBe(AUTH_MESSAGES.invalidCode);
    expect(authErrorMessage('verify', err('OTP_EXPIRED'))).toBe(AUTH_MESSAGES.expiredCode);
    expect(authErrorMessage('verify', err('USER_NOT_FOUND'))).toBe(
      AUTH_MESSAGES.noPendingVerification,
    );
    expect(authErrorMessage('resendVerification', err('USER_NOT_FOUND'))).toBe(
      AUTH_MESSAGES.resendVerificationNotFound,
    );
    expect(authErrorMessage('resendVerification', err('OTP_SEND_LIMIT'))).toBe(
      AUTH_MESSAGES.verificationSendLimit,
    );
    expect(authErrorMessage('resendReset', err('OTP_SEND_LIMIT'))).toBe(
      AUTH_MESSAGES.resetSendLimit,
    );
    expect(authErrorMessage('signIn', err('EMAIL_NOT_VERIFIED'))).toBe(
      AUTH_MESSAGES.additionalVerification,
    );
    expect(authErrorMessage('signUp', err('PASSWORD_POLICY'))).toBe(AUTH_MESSAGES.passwordPolicy);
    expect(authErrorMessage('signUp', err('INVALID_EMAIL'))).toBe(AUTH_MESSAGES.invalidEmail);
    expect(
      authErrorMessage('signIn', err('INVALID_CREDENTIALS', 'Incorrect email or password.')),
    ).toBe('Incorrect email or password.');
    expect(authErrorMessage('verify', new Error(''))).toBe(AUTH_MESSAGES.verificationFailed);
    expect(authErrorMessage('resendVerification', null)).toBe(
      AUTH_MESSAGES.resendVerificationFailed,
    );
  });
});

describe('flows and delays', () => {
  it('signs in, shows the redirect text, and hands over the session after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ '/api/auth/sign-in/email': () => jsonResponse(SESSION) });
    const { onSignedIn } = openDialog();
    type('Email', 'ann@example.com');
    type('Password', 'whatever');
    click('Sign In');
    expect(await screen.findByText(AUTH_MESSAGES.signInRedirecting)).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('data-tone')).toBe('success');
    expect(onSignedIn).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.redirectAfterSuccessMs));
    expect(onSignedIn).toHaveBeenCalledWith(SESSION);
  });

  it('shows the wrong-code text in red; USER_NOT_FOUND goes back to register after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let code = 'INVALID_OTP';
    stubFetch({
      '/api/auth/sign-up/email': () => jsonResponse({ success: true, email: 'ann@example.com' }),
      '/api/auth/email-otp/verify-email': () =>
        jsonResponse({ message: 'x', code, field: 'otp' }, code === 'INVALID_OTP' ? 400 : 404),
    });
    openDialog();
    click('Sign up');
    type('Email', 'ann@example.com');
    type('Password', 'Str0ng!pass');
    type('Confirm Password', 'Str0ng!pass');
    click('Create Account');
    await screen.findByRole('dialog', { name: 'Verify Email' });
    type('Verification Code', '123456');
    click('Verify Email');
    expect(await screen.findByText(AUTH_MESSAGES.invalidCode)).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('data-tone')).toBe('error');
    code = 'USER_NOT_FOUND';
    click('Verify Email');
    expect(await screen.findByText(AUTH_MESSAGES.noPendingVerification)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.backToRegisterMs));
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBeTruthy();
  });

  it('forgot: the if-an-account-exists text in green, then resetConfirm after 2 s keeping the e-mail', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = { success: true, message: AUTH_MESSAGES.resetCodeSentIfAccount };
    const { calls } = stubFetch({
      '/api/auth/email-otp/request-password-reset': () => jsonResponse(answer),
    });
    openDialog();
    click('Forgot password?');
    type('Email', 'ann@example.com');
    click('Send Reset Link');
    expect(await screen.findByText(AUTH_MESSAGES.resetCodeSentIfAccount)).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('data-tone')).toBe('success');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.resetStepMs));
    for (const label of ['Verification Code', 'New Password', 'Confirm New Password']) input(label);
    click('Resend Code');
    await vi.waitFor(() =>
      expect(calls.filter((url) => url.endsWith('/request-password-reset'))).toHaveLength(2),
    );
    expect(await screen.findByText(AUTH_MESSAGES.resetCodeSentIfAccount)).toBeTruthy();
  });

  it('sends the sign-up password with the code and with Resend Code', async () => {
    const { fetchMock } = stubFetch({
      '/api/auth/sign-up/email': () => jsonResponse({ success: true, email: 'ann@example.com' }),
      '/api/auth/email-otp/send-verification-otp': () => jsonResponse({ success: true }),
      '/api/auth/email-otp/verify-email': () =>
        jsonResponse({ message: 'x', code: 'INVALID_OTP', field: 'otp' }, 400),
    });
    openDialog();
    click('Sign up');
    type('Email', 'ann@example.com');
    type('Password', 'Str0ng!pass');
    type('Confirm Password', 'Str0ng!pass');
    click('Create Account');
    await screen.findByRole('dialog', { name: 'Verify Email' });
    click('Resend Code');
    expect(await screen.findByText(AUTH_MESSAGES.verificationCodeResent)).toBeTruthy();
    type('Verification Code', '123456');
    click('Verify Email');
    expect(await screen.findByText(AUTH_MESSAGES.invalidCode)).toBeTruthy();
    const bodyOf = (path: string) =>
      JSON.parse(
        String(fetchMock.mock.calls.find(([url]) => String(url).endsWith(path))?.[1]?.body),
      );
    expect(bodyOf('/send-verification-otp')).toEqual({
      email: 'ann@example.com',
      password: 'Str0ng!pass',
    });
    expect(bodyOf('/verify-email')).toEqual({
      email: 'ann@example.com',
      otp: '123456',
      password: 'Str0ng!pass',
    });
  });

  it('a verified existing account: the e-mail field says to sign in, nothing else is called', async () => {
    const { calls } = stubFetch({
      '/api/auth/sign-up/email': () =>
        jsonResponse({ message: 'exists', code: 'USER_EXISTS_VERIFIED' }, 409),
    });
    const user = userEvent.setup();
    openDialog();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    type('Email', 'ann@example.com');
    type('Password', 'Str0ng!pass');
    type('Confirm Password', 'Str0ng!pass');
    click('Create Account');
    expect(await screen.findByText(AUTH_MESSAGES.existsVerified)).toBeTruthy();
    expect(calls.filter((url) => !url.endsWith('/sign-up/email'))).toEqual([]);
  });
});

describe('token storage', () => {
  it('keeps the token in memory only and sends it as a bearer token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = stubFetch({
      '/api/auth/sign-up/email': () => jsonResponse({ success: true, email: 'ann@example.com' }),
      '/api/auth/email-otp/verify-email': () => jsonResponse(SESSION),
      '/api/api/register': () => jsonResponse({ success: true, created: true, user: SESSION.user }),
    });
    const { onSignedIn } = openDialog();
    click('Sign up');
    type('Email', 'ann@example.com');
    type('Password', 'Str0ng!pass');
    type('Confirm Password', 'Str0ng!pass');
    click('Create Account');
    await screen.findByRole('dialog', { name: 'Verify Email' });
    type('Verification Code', '123456');
    click('Verify Email');
    expect(await screen.findByText(AUTH_MESSAGES.verifiedAndSignedIn)).toBeTruthy();
    const register = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/api/api/register'),
    );
    expect(new Headers(register?.[1]?.headers).get('Authorization')).toBe('Bearer tok-123');
    expect(getToken()).toBe('tok-123');
    const stored = [
      ...Object.keys(localStorage).map((k) => localStorage.getItem(k)),
      ...Object.keys(sessionStorage).map((k) => sessionStorage.getItem(k)),
    ].join('\n');
    expect(stored).not.toContain('tok-123');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.redirectAfterSuccessMs));
    expect(onSignedIn).toHaveBeenCalledWith(SESSION);
  });
});
