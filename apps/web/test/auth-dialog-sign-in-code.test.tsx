import { act, fireEvent, screen } from '@testing-library/react';
import { AUTH_MESSAGES, TIMINGS } from '@vr/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AuthDialog from '../src/features/auth/AuthDialog.tsx';
import { setToken } from '../src/lib/token.ts';
import { jsonResponse, renderWithProviders, stubFetch } from './support.tsx';

afterEach(() => {
  vi.useRealTimers();
  setToken(null);
});

const SESSION = {
  token: 'tok-123',
  user: { id: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER' },
};

const STEP_UP = { code: 'STEP_UP_REQUIRED', message: AUTH_MESSAGES.signInCodeRequired };

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** Stubs the sign-in endpoint with `answer`; returns the bodies it receives, in order. */
function signInServer(answer: (body: { otp?: string }) => Response) {
  const bodies: Record<string, unknown>[] = [];
  const { fetchMock } = stubFetch({});
  fetchMock.mockImplementation(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url) !== '/api/auth/sign-in/email') {
      return jsonResponse({ message: 'Not found' }, 404, 'Not Found');
    }
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    return answer(body);
  });
  return bodies;
}

describe('sign-in of an account under attack', () => {
  it('asks for the mailed code, resends it, and signs in with password and code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies = signInServer((body) =>
      body.otp === '123456' ? jsonResponse(SESSION) : jsonResponse(STEP_UP, 403, 'Forbidden'),
    );
    const onSignedIn = vi.fn();
    renderWithProviders(
      <AuthDialog open productName="Vehicle Records" onClose={vi.fn()} onSignedIn={onSignedIn} />,
    );
    type('Email', 'ann@example.com');
    type('Password', 'Str0ng!pass');
    click('Sign In');

    // The server's text, in the green box; the code field takes the focus.
    expect(await screen.findByText(AUTH_MESSAGES.signInCodeRequired)).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('data-tone')).toBe('success');
    expect(document.activeElement).toBe(input('Verification Code'));
    expect(input('Password').value).toBe('Str0ng!pass');

    click('Sign In');
    expect(await screen.findByText(AUTH_MESSAGES.codeRequired)).toBeTruthy();
    expect(bodies).toHaveLength(1);

    click('Resend Code');
    expect(await screen.findByText(AUTH_MESSAGES.signInCodeResent)).toBeTruthy();
    expect(bodies[1]).toEqual({ email: 'ann@example.com', password: 'Str0ng!pass' });

    type('Verification Code', '123456');
    click('Sign In');
    expect(await screen.findByText(AUTH_MESSAGES.signInRedirecting)).toBeTruthy();
    expect(bodies[2]).toEqual({ email: 'ann@example.com', password: 'Str0ng!pass', otp: '123456' });
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.redirectAfterSuccessMs));
    expect(onSignedIn).toHaveBeenCalledWith(SESSION);
  });

  it('shows a wrong code in red and drops the code field for another e-mail', async () => {
    signInServer((body) =>
      body.otp === undefined
        ? jsonResponse(STEP_UP, 403, 'Forbidden')
        : jsonResponse(
            { code: 'INVALID_OTP', message: AUTH_MESSAGES.signInCodeInvalid, field: 'otp' },
            400,
            'Bad Request',
          ),
    );
    renderWithProviders(
      <AuthDialog open productName="Vehicle Records" onClose={vi.fn()} onSignedIn={vi.fn()} />,
    );
    type('Email', 'ann@example.com');
    type('Password', 'Str0ng!pass');
    click('Sign In');
    await screen.findByLabelText('Verification Code');
    type('Verification Code', '000000');
    click('Sign In');
    expect(await screen.findByText(AUTH_MESSAGES.signInCodeInvalid)).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('data-tone')).toBe('error');

    type('Email', 'bob@example.com');
    expect(screen.queryByLabelText('Verification Code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend Code' })).toBeNull();
  });
});
