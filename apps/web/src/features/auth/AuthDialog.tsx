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
import { AUTH_MESSAGES, resetCodeHint, verifyCodeHint } from '@vr/contracts';
import type { ComponentProps, ReactNode } from 'react';
import { useController, type Control } from 'react-hook-form';
import { LabeledInput } from '../../components/LabeledInput.tsx';
import type { SignInDialogProps } from '../../lib/sign-in-dialog.ts';
import { isSuccessMessage, type AuthField, type AuthForm, type AuthMode } from './logic.ts';
import { useAuthFlow } from './use-auth-flow.ts';

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

/** Codes are digits: the numeric keypad on phones, and nothing else is taken (logic.ts). */
const CODE_INPUT = { maxLength: 6, inputMode: 'numeric', pattern: '[0-9]*' } as const;

type InputProps = Partial<
  Omit<ComponentProps<typeof LabeledInput>, 'name' | 'label' | 'value' | 'onChange'>
>;

/** One field of the form: what is typed goes through `onEdit`; its message replaces the helper text. */
function AuthTextField({
  control,
  name,
  label,
  onEdit,
  helperText,
  ...input
}: InputProps & {
  control: Control<AuthForm>;
  name: AuthField;
  label: string;
  onEdit: (field: AuthField, typed: string) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <LabeledInput
      label={label}
      name={field.name}
      value={field.value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => onEdit(name, event.target.value)}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      {...input}
    />
  );
}

export interface AuthDialogProps extends SignInDialogProps {
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
  const {
    mode,
    control,
    message,
    busy,
    finished,
    codeAsked,
    showPassword,
    toggleShowPassword,
    email,
    switchMode,
    forgotPassword,
    edit,
    submit,
    resendVerification,
    resendSignInCode,
    resendReset,
  } = useAuthFlow({ initialMode, onSignedIn });

  const passwordToggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={showPassword ? 'Hide password' : 'Show password'}
        onClick={toggleShowPassword}
        edge="end"
      >
        {showPassword ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );

  const field = (name: AuthField, label: string, extra: InputProps = {}): ReactNode => (
    <AuthTextField
      key={name}
      control={control}
      name={name}
      label={label}
      onEdit={edit}
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
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          aria-label={heading.title}
          sx={{ display: 'grid', gap: 2 }}
        >
          {mode === 'signin' || mode === 'register' || mode === 'forgot'
            ? field('email', 'Email', { type: 'email', autoComplete: 'email', autoFocus: true })
            : null}
          {mode === 'register'
            ? field('fullName', 'Full name', {
                autoComplete: 'name',
                helperText: 'Optional',
              })
            : null}
          {mode === 'signin' ? secret('password', 'Password', 'current-password', true) : null}
          {mode === 'signin' && codeAsked
            ? field('verificationCode', 'Verification Code', {
                autoComplete: 'one-time-code',
                autoFocus: true,
                inputProps: CODE_INPUT,
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
                inputProps: CODE_INPUT,
              })
            : null}
          {mode === 'verify' ? (
            <Typography variant="body2" color="text.secondary">
              {verifyCodeHint(email)}
            </Typography>
          ) : null}
          {mode === 'resetConfirm' ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {resetCodeHint(email)}
              </Typography>
              {secret('newPassword', 'New Password', 'new-password', true)}
              {secret('confirmNewPassword', 'Confirm New Password', 'new-password')}
              <Typography variant="caption" color="text.secondary">
                {AUTH_MESSAGES.passwordHint}
              </Typography>
            </>
          ) : null}
          {mode === 'signin' ? (
            <Box sx={{ textAlign: 'right', mt: -1 }}>
              {linkButton('Forgot password?', forgotPassword)}
            </Box>
          ) : null}
          <Button type="submit" variant="contained" size="large" disabled={busy || finished}>
            {busy ? 'Processing...' : SUBMIT_LABELS[mode]}
          </Button>
          {mode === 'verify' ? (
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
              <Button onClick={resendVerification} disabled={busy}>
                Resend Code
              </Button>
              <Button onClick={() => switchMode('register')} disabled={busy} color="inherit">
                Back to Register
              </Button>
            </Box>
          ) : null}
          {mode === 'signin' && codeAsked ? (
            <Box sx={{ textAlign: 'center' }}>
              <Button onClick={resendSignInCode} disabled={busy || finished}>
                Resend Code
              </Button>
            </Box>
          ) : null}
          {mode === 'resetConfirm' ? (
            <Box sx={{ textAlign: 'center' }}>
              <Button onClick={resendReset} disabled={busy}>
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
