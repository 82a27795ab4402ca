import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { AUTH_MESSAGES, TIMINGS, verifyCodeHint } from '@vr/contracts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LabeledInput } from '../../components/LabeledInput.tsx';
import { apiFetch, authFetch, type SessionBody } from '../../lib/api.ts';
import { setToken } from '../../lib/token.ts';
import {
  EMPTY_FORM,
  authErrorMessage,
  errorCode,
  formForMode,
  isSuccessMessage,
  signInErrorMessage,
  validate,
  validateSignInCode,
  type AuthErrors,
  type AuthField,
  type AuthForm,
  type AuthMode,
} from './logic.ts';

const HEADINGS: Record<AuthMode, { title: string; subtitle: string }> = {
  signin: { title: 'Welcome Back', subtitle: 'Sign in to your account' },
  register: { title: 'Create Account', subtitle: 'Sign up to order vehicle history reports' },
  verify: { title: 'Verify Email', subtitle: 'Enter the code we e-mailed you' },
  forgot: { title: 'Reset Password', subtitle: 'We will e-mail you a reset code' },
  resetConfirm: { title: 'Reset Password', subtitle: 'Enter the code and your new password' },
};

const SUBMIT_LABELS: Record<AuthMode, string> = {
  signin: 'Sign In',
  register: 'Create Account',
  verify: 'Verify Email',
  forgot: 'Send Reset Link',
  resetConfirm: 'Reset Password',
};

export interface AuthDialogProps {
  open: boolean;
  productName: string;
  onClose: () => void;
  /** A new session: kept by the caller (token and user) when the dialog closes after success. */
  onSignedIn: (session: SessionBody) => void;
  initialMode?: AuthMode;
}

/** The sign-in and registration dialog, with the flows of docs/auth-api.md. */
export default function AuthDialog({
  open,
  productName,
  onClose,
  onSignedIn,
  initialMode = 'signin',
}: AuthDialogProps) {
  const [mode, setModeState] = useState<AuthMode>(initialMode);
  const [form, setForm] = useState<AuthForm>(EMPTY_FORM);
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

  const switchMode = (next: AuthMode, keep?: Partial<AuthForm>) => {
    setModeState(next);
    setErrors({});
    setMessage('');
    setShowPassword(false);
    setCodeAsked(false);
    setForm((current) => ({ ...formForMode(next, current), ...keep }));
  };

  const edit = (field: AuthField) => (value: string) => {
    // A sign-in code belongs to the account it was mailed for.
    if (field === 'email') setCodeAsked(false);
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
    await authFetch('/sign-up/email', {
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
      session = await authFetch<SessionBody>('/email-otp/verify-email', {
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
      await apiFetch('/register', { method: 'POST', body: '{}', auth: true });
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
    const session = await authFetch<SessionBody>('/sign-in/email', {
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
      await authFetch('/email-otp/request-password-reset', { email });
      setMessage(AUTH_MESSAGES.resetCodeSentIfAccount);
      later(TIMINGS.resetStepMs, () => switchMode('resetConfirm'));
    } catch (error) {
      setMessage(authErrorMessage('resetRequest', error));
    }
  };

  const submitReset = async () => {
    try {
      await authFetch('/email-otp/reset-password', {
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
      await authFetch('/email-otp/send-verification-otp', { email, password: form.password });
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
      await authFetch('/email-otp/request-password-reset', { email });
      setMessage(AUTH_MESSAGES.resetCodeSentIfAccount);
    } catch (error) {
      setMessage(authErrorMessage('resendReset', error));
    } finally {
      setBusy(false);
    }
  };

  const passwordToggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={showPassword ? 'Hide password' : 'Show password'}
        onClick={() => setShowPassword((shown) => !shown)}
        edge="end"
      >
        {showPassword ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );

  const field = (
    name: AuthField,
    label: string,
    extra: Partial<Parameters<typeof LabeledInput>[0]> = {},
  ): ReactNode => (
    <LabeledInput
      key={name}
      label={label}
      name={name}
      value={form[name]}
      onChange={(event) => edit(name)(event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      disabled={busy}
      {...extra}
    />
  );
  const secret = (name: AuthField, label: string, autoComplete: string, toggle = false) =>
    field(name, label, {
      type: showPassword ? 'text' : 'password',
      autoComplete,
      endAdornment: toggle ? passwordToggle : undefined,
    });

  const heading = HEADINGS[mode];
  const linkButton = (label: string, onClick: () => void) => (
    <Link component="button" type="button" variant="body2" onClick={onClick} disabled={busy}>
      {label}
    </Link>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="auth-dialog-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)' } } } }}
    >
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', right: 10, top: 10, color: 'text.secondary' }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 4, px: { xs: 2.5, sm: 4 }, pb: 3 }}>
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 800 }}>
            {productName}
          </Typography>
          <Typography id="auth-dialog-title" component="h2" variant="h5" sx={{ fontWeight: 800 }}>
            {heading.title}
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
            {heading.subtitle}
          </Typography>
        </Box>
        {message ? (
          <Alert
            severity={isSuccessMessage(message) ? 'success' : 'error'}
            role="status"
            data-tone={isSuccessMessage(message) ? 'success' : 'error'}
            sx={{ mb: 2 }}
          >
            {message}
          </Alert>
        ) : null}
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label={heading.title}
          sx={{ display: 'grid', gap: 2 }}
        >
          {mode === 'signin' || mode === 'register' || mode === 'forgot'
            ? field('email', 'Email', { type: 'email', autoComplete: 'email', autoFocus: true })
            : null}
          {mode === 'register'
            ? field('fullName', 'Full name', {
                autoComplete: 'name',
                helperText: errors.fullName ?? 'Optional',
              })
            : null}
          {mode === 'signin' ? secret('password', 'Password', 'current-password', true) : null}
          {mode === 'signin' && codeAsked
            ? field('verificationCode', 'Verification Code', {
                autoComplete: 'one-time-code',
                autoFocus: true,
                inputProps: { maxLength: 6, inputMode: 'numeric' },
              })
            : null}
          {mode === 'register' ? (
            <>
              {secret('password', 'Password', 'new-password', true)}
              {secret('confirmPassword', 'Confirm Password', 'new-password')}
              <Typography variant="caption" color="text.secondary">
                {AUTH_MESSAGES.passwordHint}
              </Typography>
            </>
          ) : null}
          {mode === 'verify' || mode === 'resetConfirm'
            ? field('verificationCode', 'Verification Code', {
                autoComplete: 'one-time-code',
                autoFocus: true,
                inputProps: { maxLength: 6, inputMode: 'numeric' },
              })
            : null}
          {mode === 'verify' ? (
            <Typography variant="body2" color="text.secondary">
              {verifyCodeHint(email)}
            </Typography>
          ) : null}
          {mode === 'resetConfirm' ? (
            <>
              {secret('newPassword', 'New Password', 'new-password', true)}
              {secret('confirmNewPassword', 'Confirm New Password', 'new-password')}
              <Typography variant="caption" color="text.secondary">
                {AUTH_MESSAGES.passwordHint}
              </Typography>
            </>
          ) : null}
          {mode === 'signin' ? (
            <Box sx={{ textAlign: 'right', mt: -1 }}>
              {linkButton('Forgot password?', () => switchMode('forgot'))}
            </Box>
          ) : null}
          <Button type="submit" variant="contained" size="large" disabled={busy || finished}>
            {busy ? 'Processing...' : SUBMIT_LABELS[mode]}
          </Button>
          {mode === 'verify' ? (
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
              <Button onClick={() => void resendVerification()} disabled={busy}>
                Resend Code
              </Button>
              <Button onClick={() => switchMode('register')} disabled={busy} color="inherit">
                Back to Register
              </Button>
            </Box>
          ) : null}
          {mode === 'signin' && codeAsked ? (
            <Box sx={{ textAlign: 'center' }}>
              <Button onClick={() => void resendSignInCode()} disabled={busy || finished}>
                Resend Code
              </Button>
            </Box>
          ) : null}
          {mode === 'resetConfirm' ? (
            <Box sx={{ textAlign: 'center' }}>
              <Button onClick={() => void resendReset()} disabled={busy}>
                Resend Code
              </Button>
            </Box>
          ) : null}
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {mode === 'signin' ? (
              <>Don&apos;t have an account? {linkButton('Sign up', () => switchMode('register'))}</>
            ) : mode === 'register' ? (
              <>Already have an account? {linkButton('Sign in', () => switchMode('signin'))}</>
            ) : mode === 'forgot' || mode === 'resetConfirm' ? (
              linkButton('Back to Sign In', () => switchMode('signin'))
            ) : null}
          </Typography>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
