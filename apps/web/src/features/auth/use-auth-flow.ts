import { AUTH_LIMITS, AUTH_MESSAGES, TIMINGS } from '@vr/contracts';
import { useEffect, useRef, useState } from 'react';
import type { SessionBody } from '../../lib/api.ts';
import { setToken } from '../../lib/token.ts';
import { useAuthCalls } from './api.ts';
import {
  EMPTY_FORM,
  authErrorMessage,
  errorCode,
  formForMode,
  signInErrorMessage,
  validate,
  validateSignInCode,
  type AuthErrors,
  type AuthField,
  type AuthForm,
  type AuthMode,
} from './logic.ts';

/**
 * A verification or password reset the dialog was closed in the middle of, kept in this page's
 * memory only (never storage: it holds the typed password) while its code can still be used, so
 * the dialog reopens at the code step instead of the start.
 */
let unfinished: { mode: AuthMode; form: AuthForm; since: number } | null = null;
const CODE_STEPS: readonly AuthMode[] = ['verify', 'resetConfirm'];

/** Forgets the code step a closed dialog would resume (a page that starts over, a test). */
export function forgetUnfinishedAuth(): void {
  unfinished = null;
}

function resumable() {
  const live = unfinished && Date.now() - unfinished.since < AUTH_LIMITS.otpTtlMinutes * 60_000;
  return live ? unfinished : null;
}

/**
 * The auth dialog's flow (docs/auth-api.md) without its view: the calls, the delayed mode changes
 * and the state the form shows. `onSignedIn` gets the new session once the success text has
 * been shown.
 */
export function useAuthFlow({
  initialMode,
  onSignedIn,
}: {
  initialMode: AuthMode;
  onSignedIn: (session: SessionBody) => void;
}) {
  const calls = useAuthCalls();
  const [resumed] = useState(resumable);
  const [mode, setModeState] = useState<AuthMode>(resumed?.mode ?? initialMode);
  const [form, setForm] = useState<AuthForm>(resumed?.form ?? EMPTY_FORM);
  const [errors, setErrors] = useState<AuthErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  /** Signed in, waiting for the 1 s redirect: nothing more to send. */
  const [finished, setFinished] = useState(false);
  /** The account is under attack: sign-in also takes the code the server mailed. */
  const [codeAsked, setCodeAsked] = useState(false);

  // Delayed transitions; all cancelled when the dialog goes away.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const later = (ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  };
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  // Remembers a code step for the next opening; leaving it (or signing in) forgets it.
  const since = useRef(resumed?.since ?? 0);
  useEffect(() => {
    if (!CODE_STEPS.includes(mode) || finished) {
      unfinished = null;
      since.current = 0;
      return;
    }
    if (since.current === 0) since.current = Date.now();
    unfinished = { mode, form, since: since.current };
  }, [mode, form, finished]);

  const switchMode = (next: AuthMode, keep?: Partial<AuthForm>) => {
    setModeState(next);
    setErrors({});
    setMessage('');
    setShowPassword(false);
    setCodeAsked(false);
    setForm((current) => ({ ...formForMode(next, current), ...keep }));
  };

  const edit = (field: AuthField) => (typed: string) => {
    // A sign-in code belongs to the account it was mailed for.
    if (field === 'email') setCodeAsked(false);
    const value = field === 'verificationCode' ? typed.replace(/\D/g, '').slice(0, 6) : typed;
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };

  /** Success: show the text, then after 1 s hand the session over and close. */
  const finishSignedIn = (session: SessionBody, text: string) => {
    setToken(session.token);
    setMessage(text);
    setFinished(true);
    later(TIMINGS.redirectAfterSuccessMs, () => onSignedIn(session));
  };

  const email = form.email.trim();

  const signUp = async () => {
    await calls.signUp.mutateAsync({
      email,
      password: form.password,
      ...(form.fullName.trim() ? { fullName: form.fullName.trim() } : {}),
    });
    switchMode('verify');
    setMessage(AUTH_MESSAGES.registrationCodeSent);
  };

  const submitRegister = async () => {
    try {
      await signUp();
    } catch (error) {
      const code = errorCode(error);
      // Only an address with an account answers 409: signing up again before verifying is a
      // new sign-up of its own, so there is nothing to delete or resend first
      // (docs/product-rules.md).
      if (code === 'USER_EXISTS_VERIFIED') {
        setErrors({ email: AUTH_MESSAGES.existsVerified });
      } else if (code === 'INVALID_EMAIL') {
        setErrors({ email: authErrorMessage('signUp', error) });
      } else {
        setErrors({ password: authErrorMessage('signUp', error) });
      }
    }
  };

  const submitVerify = async () => {
    let session: SessionBody;
    try {
      // The code verifies only the sign-up it was mailed for, made with this password.
      session = await calls.verifyEmail.mutateAsync({
        email,
        otp: form.verificationCode.trim(),
        password: form.password,
      });
    } catch (error) {
      setMessage(authErrorMessage('verify', error));
      if (errorCode(error) === 'USER_NOT_FOUND')
        later(TIMINGS.backToRegisterMs, () => switchMode('register'));
      return;
    }
    try {
      setToken(session.token);
      await calls.register.mutateAsync();
      finishSignedIn(session, AUTH_MESSAGES.verifiedAndSignedIn);
    } catch {
      setToken(null);
      setMessage(AUTH_MESSAGES.verifiedSignInManually);
      later(TIMINGS.backToSigninMs, () =>
        switchMode('signin', { email, verificationCode: '', password: '' }),
      );
    }
  };

  const submitSignIn = async (password: string, flow: 'signIn' | 'reset', otp?: string) => {
    const session = await calls.signIn.mutateAsync({
      email,
      password,
      ...(otp === undefined ? {} : { otp }),
    });
    const text =
      flow === 'reset'
        ? AUTH_MESSAGES.resetSigningIn
        : session.user
          ? AUTH_MESSAGES.signInRedirecting
          : AUTH_MESSAGES.signInWelcomeBack;
    finishSignedIn(session, text);
  };

  const submitForgot = async () => {
    try {
      await calls.requestReset.mutateAsync({ email });
      setMessage(AUTH_MESSAGES.resetCodeSentIfAccount);
      later(TIMINGS.resetStepMs, () => switchMode('resetConfirm'));
    } catch (error) {
      setMessage(authErrorMessage('resetRequest', error));
    }
  };

  const submitReset = async () => {
    try {
      await calls.resetPassword.mutateAsync({
        email,
        otp: form.verificationCode.trim(),
        password: form.newPassword,
      });
    } catch (error) {
      setMessage(authErrorMessage('reset', error));
      return;
    }
    setMessage(AUTH_MESSAGES.resetSigningIn);
    try {
      await submitSignIn(form.newPassword, 'reset');
    } catch {
      setMessage(AUTH_MESSAGES.resetSignInManually);
      later(TIMINGS.backToSigninMs, () => switchMode('signin'));
    }
  };

  const submit = async () => {
    if (busy || finished) return;
    const found = {
      ...validate(mode, form),
      ...(mode === 'signin' && codeAsked ? validateSignInCode(form) : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setMessage('');
    setBusy(true);
    try {
      if (mode === 'signin') {
        try {
          const otp = codeAsked ? form.verificationCode.trim() : undefined;
          await submitSignIn(form.password, 'signIn', otp);
        } catch (error) {
          if (errorCode(error) === 'STEP_UP_REQUIRED') setCodeAsked(true);
          setMessage(signInErrorMessage(error));
        }
      } else if (mode === 'register') await submitRegister();
      else if (mode === 'verify') await submitVerify();
      else if (mode === 'forgot') await submitForgot();
      else await submitReset();
    } finally {
      setBusy(false);
    }
  };

  const resendVerification = async () => {
    if (!email) {
      setMessage(AUTH_MESSAGES.resendVerificationEmailRequired);
      return;
    }
    setBusy(true);
    try {
      await calls.resendVerification.mutateAsync({ email, password: form.password });
      setForm((current) => ({ ...current, verificationCode: '' }));
      setErrors({});
      setMessage(AUTH_MESSAGES.verificationCodeResent);
    } catch (error) {
      setMessage(authErrorMessage('resendVerification', error));
      const code = errorCode(error);
      if (code === 'USER_NOT_FOUND') later(TIMINGS.backToRegisterMs, () => switchMode('register'));
      if (code === 'EMAIL_ALREADY_VERIFIED')
        later(TIMINGS.backToRegisterMs, () => switchMode('signin'));
    } finally {
      setBusy(false);
    }
  };

  /** Sends the password alone again: the server mails a new code (or signs in, attack over). */
  const resendSignInCode = async () => {
    setBusy(true);
    try {
      await submitSignIn(form.password, 'signIn');
    } catch (error) {
      if (errorCode(error) === 'STEP_UP_REQUIRED') {
        setForm((current) => ({ ...current, verificationCode: '' }));
        setErrors({});
        setMessage(AUTH_MESSAGES.signInCodeResent);
      } else {
        setMessage(signInErrorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const resendReset = async () => {
    if (!email) {
      setMessage(AUTH_MESSAGES.resendResetEmailRequired);
      return;
    }
    setBusy(true);
    try {
      await calls.requestReset.mutateAsync({ email });
      setMessage(AUTH_MESSAGES.resetCodeSentIfAccount);
    } catch (error) {
      setMessage(authErrorMessage('resendReset', error));
    } finally {
      setBusy(false);
    }
  };

  return {
    mode,
    form,
    errors,
    message,
    busy,
    finished,
    codeAsked,
    showPassword,
    toggleShowPassword: () => setShowPassword((shown) => !shown),
    email,
    switchMode,
    edit,
    submit,
    resendVerification,
    resendSignInCode,
    resendReset,
  };
}
