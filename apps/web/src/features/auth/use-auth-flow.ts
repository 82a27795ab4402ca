import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { AUTH_LIMITS, AUTH_MESSAGES, TIMINGS } from '@vr/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { api, authApi, type SessionBody } from '../../lib/api.ts';
import { setToken } from '../../lib/token.ts';
import {
  EMPTY_FORM,
  authErrorMessage,
  authFormSchema,
  codeInput,
  errorCode,
  formForMode,
  signInErrorMessage,
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
 * The auth dialog's flow (docs/auth-api.md) without its view: the form (react-hook-form, checked
 * by the mode's schema from logic.ts), the calls, the delayed mode changes and the status text.
 * `onSignedIn` gets the new session once the success text has been shown.
 */
export function useAuthFlow({
  initialMode,
  onSignedIn,
}: {
  initialMode: AuthMode;
  onSignedIn: (session: SessionBody) => void;
}) {
  const [resumed] = useState(resumable);
  const [mode, setMode] = useState<AuthMode>(resumed?.mode ?? initialMode);
  const [message, setMessage] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  /** Signed in, waiting for the 1 s redirect: nothing more to send. */
  const [finished, setFinished] = useState(false);
  /** The account is under attack: sign-in also takes the code the server mailed. */
  const [codeAsked, setCodeAsked] = useState(false);

  // `raw`: the calls get the fields as typed (each trims what it sends), every field kept.
  const resolver = useMemo(
    () => zodResolver(authFormSchema(mode, codeAsked), undefined, { raw: true }),
    [mode, codeAsked],
  );
  const form = useForm<AuthForm>({
    defaultValues: resumed?.form ?? EMPTY_FORM,
    resolver,
    // A field's message shows when the form is sent and goes when the field is edited (`edit`);
    // the focus stays where it is.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, getValues } = form;
  const values = useWatch({ control });

  // One mutation for the dialog's calls: the dialog does one thing at a time, and every button
  // and field waits. Each call words its own failures in the status text.
  const action = useMutation({ mutationFn: (run: () => Promise<void>) => run() });
  const busy = action.isPending;
  const perform = (run: () => Promise<void>) => action.mutate(run);

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
    unfinished = { mode, form: { ...EMPTY_FORM, ...values }, since: since.current };
  }, [mode, values, finished]);

  const switchMode = (next: AuthMode, keep?: Partial<AuthForm>) => {
    setMode(next);
    setMessage('');
    setShowPassword(false);
    setCodeAsked(false);
    form.reset({ ...formForMode(next, getValues()), ...keep });
  };

  const edit = (field: AuthField, typed: string) => {
    // A sign-in code belongs to the account it was mailed for.
    if (field === 'email') setCodeAsked(false);
    form.setValue(field, field === 'verificationCode' ? codeInput(typed) : typed);
    form.clearErrors(field);
  };

  /** Success: show the text, then after 1 s hand the session over and close. */
  const finishSignedIn = (session: SessionBody, text: string) => {
    setToken(session.token);
    setMessage(text);
    setFinished(true);
    later(TIMINGS.redirectAfterSuccessMs, () => onSignedIn(session));
  };

  const email = (values.email ?? '').trim();

  const submitRegister = async (typed: AuthForm) => {
    try {
      await authApi('POST /sign-up/email', {
        email: typed.email.trim(),
        password: typed.password,
        ...(typed.fullName.trim() ? { fullName: typed.fullName.trim() } : {}),
      });
      switchMode('verify');
      setMessage(AUTH_MESSAGES.registrationCodeSent);
    } catch (error) {
      const code = errorCode(error);
      // Only an address with an account answers 409: signing up again before verifying is a
      // new sign-up of its own, so there is nothing to delete or resend first
      // (docs/product-rules.md).
      if (code === 'USER_EXISTS_VERIFIED') {
        form.setError('email', { message: AUTH_MESSAGES.existsVerified });
      } else if (code === 'INVALID_EMAIL') {
        form.setError('email', { message: authErrorMessage('signUp', error) });
      } else {
        form.setError('password', { message: authErrorMessage('signUp', error) });
      }
    }
  };

  const submitVerify = async (typed: AuthForm) => {
    const address = typed.email.trim();
    let session: SessionBody;
    try {
      // The code verifies only the sign-up it was mailed for, made with this password.
      session = await authApi('POST /email-otp/verify-email', {
        email: address,
        otp: typed.verificationCode.trim(),
        password: typed.password,
      });
    } catch (error) {
      setMessage(authErrorMessage('verify', error));
      if (errorCode(error) === 'USER_NOT_FOUND')
        later(TIMINGS.backToRegisterMs, () => switchMode('register'));
      return;
    }
    try {
      setToken(session.token);
      await api('POST /register', { body: {}, auth: true });
      finishSignedIn(session, AUTH_MESSAGES.verifiedAndSignedIn);
    } catch {
      setToken(null);
      setMessage(AUTH_MESSAGES.verifiedSignInManually);
      later(TIMINGS.backToSigninMs, () =>
        switchMode('signin', { email: address, verificationCode: '', password: '' }),
      );
    }
  };

  const submitSignIn = async (
    address: string,
    password: string,
    flow: 'signIn' | 'reset',
    otp?: string,
  ) => {
    const session = await authApi('POST /sign-in/email', {
      email: address,
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

  const submitSignInForm = async (typed: AuthForm) => {
    try {
      const otp = codeAsked ? typed.verificationCode.trim() : undefined;
      await submitSignIn(typed.email.trim(), typed.password, 'signIn', otp);
    } catch (error) {
      if (errorCode(error) === 'STEP_UP_REQUIRED') setCodeAsked(true);
      setMessage(signInErrorMessage(error));
    }
  };

  const submitForgot = async (typed: AuthForm) => {
    try {
      await authApi('POST /email-otp/request-password-reset', { email: typed.email.trim() });
      setMessage(AUTH_MESSAGES.resetCodeSentIfAccount);
      later(TIMINGS.resetStepMs, () => switchMode('resetConfirm'));
    } catch (error) {
      setMessage(authErrorMessage('resetRequest', error));
    }
  };

  const submitReset = async (typed: AuthForm) => {
    const address = typed.email.trim();
    try {
      await authApi('POST /email-otp/reset-password', {
        email: address,
        otp: typed.verificationCode.trim(),
        password: typed.newPassword,
      });
    } catch (error) {
      setMessage(authErrorMessage('reset', error));
      return;
    }
    setMessage(AUTH_MESSAGES.resetSigningIn);
    try {
      await submitSignIn(address, typed.newPassword, 'reset');
    } catch {
      setMessage(AUTH_MESSAGES.resetSignInManually);
      later(TIMINGS.backToSigninMs, () => switchMode('signin'));
    }
  };

  const SUBMITS: Record<AuthMode, (typed: AuthForm) => Promise<void>> = {
    signin: submitSignInForm,
    register: submitRegister,
    verify: submitVerify,
    forgot: submitForgot,
    resetConfirm: submitReset,
  };

  const submit = async () => {
    if (busy || finished) return;
    await form.handleSubmit((typed) => {
      setMessage('');
      perform(() => SUBMITS[mode](typed));
    })();
  };

  const resendVerification = () => {
    if (!email) {
      setMessage(AUTH_MESSAGES.resendVerificationEmailRequired);
      return;
    }
    perform(async () => {
      try {
        await authApi('POST /email-otp/send-verification-otp', {
          email,
          password: getValues('password'),
        });
        form.setValue('verificationCode', '');
        form.clearErrors();
        setMessage(AUTH_MESSAGES.verificationCodeResent);
      } catch (error) {
        setMessage(authErrorMessage('resendVerification', error));
        const code = errorCode(error);
        if (code === 'USER_NOT_FOUND')
          later(TIMINGS.backToRegisterMs, () => switchMode('register'));
        if (code === 'EMAIL_ALREADY_VERIFIED')
          later(TIMINGS.backToRegisterMs, () => switchMode('signin'));
      }
    });
  };

  /** Sends the password alone again: the server mails a new code (or signs in, attack over). */
  const resendSignInCode = () =>
    perform(async () => {
      try {
        await submitSignIn(email, getValues('password'), 'signIn');
      } catch (error) {
        if (errorCode(error) === 'STEP_UP_REQUIRED') {
          form.setValue('verificationCode', '');
          form.clearErrors();
          setMessage(AUTH_MESSAGES.signInCodeResent);
        } else {
          setMessage(signInErrorMessage(error));
        }
      }
    });

  const resendReset = () => {
    if (!email) {
      setMessage(AUTH_MESSAGES.resendResetEmailRequired);
      return;
    }
    perform(async () => {
      try {
        await authApi('POST /email-otp/request-password-reset', { email });
        setMessage(AUTH_MESSAGES.resetCodeSentIfAccount);
      } catch (error) {
        setMessage(authErrorMessage('resendReset', error));
      }
    });
  };

  return {
    mode,
    control,
    message,
    busy,
    finished,
    codeAsked,
    showPassword,
    toggleShowPassword: () => setShowPassword((shown) => !shown),
    email,
    switchMode,
    /** Forgot password? keeps the e-mail typed so far. */
    forgotPassword: () => switchMode('forgot', { email: getValues('email') }),
    edit,
    submit,
    resendVerification,
    resendSignInCode,
    resendReset,
  };
}
