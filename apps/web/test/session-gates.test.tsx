import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { ADMIN_MESSAGES } from '@vr/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../src/app/AppRoutes.tsx';
import { Providers, createQueryClient } from '../src/app/Providers.tsx';
import { getToken, setToken } from '../src/lib/token.ts';
import { CATALOG, jsonResponse, setSignedInFlag, stubFetch } from './support.tsx';

afterEach(() => setToken(null));

const USER = {
  id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  role: 'USER',
};

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function app(path: string) {
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </Providers>,
  );
}

const common = {
  '/api/api/stripe-credit/credit-packages': () =>
    jsonResponse({ success: true, packages: CATALOG }),
};

describe('session and route gates', () => {
  it('a reload renews the session from the cookie and shows the dashboard', async () => {
    setSignedInFlag();
    const { calls } = stubFetch({
      ...common,
      '/api/api/auth/refresh': () => jsonResponse({ token: 'tok-1', user: USER }),
    });
    app('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ann@example.com' })).toBeTruthy();
    expect(calls).toContain('/api/api/auth/refresh');
    expect(getToken()).toBe('tok-1');
  });

  it('a signed-out visitor (no signed-in flag) gets the sign-in dialog without a refresh request', async () => {
    const { calls } = stubFetch({
      ...common,
      '/api/api/auth/refresh': () => jsonResponse({ token: 'tok-1', user: USER }),
    });
    app('/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
    expect(calls).not.toContain('/api/api/auth/refresh');
    expect(getToken()).toBeNull();
  });

  it('a stale signed-in flag whose refresh answers 401 shows the sign-in dialog', async () => {
    setSignedInFlag();
    const { calls } = stubFetch({
      ...common,
      '/api/api/auth/refresh': () => jsonResponse({ message: 'x' }, 401),
    });
    app('/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
    expect(calls).toContain('/api/api/auth/refresh');
  });

  it('/admin: a 403 from the admin users call sends the user to / and says why', async () => {
    setSignedInFlag();
    stubFetch({
      ...common,
      '/api/api/auth/refresh': () => jsonResponse({ token: 'tok-1', user: USER }),
      '/api/api/admin/users': () =>
        jsonResponse({ message: 'Administrator access required.' }, 403),
    });
    app('/admin');
    expect(await screen.findByText('/', { selector: 'output' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Admin Dashboard/ })).toBeNull();
    expect(screen.getByText(ADMIN_MESSAGES.adminsOnly)).toBeTruthy();
  });

  it('the logo leads home from the dashboard, and an admin sees a link to /admin', async () => {
    setSignedInFlag();
    stubFetch({
      ...common,
      '/api/api/auth/refresh': () =>
        jsonResponse({ token: 'tok-1', user: { ...USER, role: 'ADMIN' } }),
    });
    app('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    await userEvent.click(screen.getByRole('link', { name: 'Vehicle Records home' }));
    expect(await screen.findByText('/', { selector: 'output' })).toBeTruthy();
  });

  it('/admin: the shell shows when the admin users call succeeds', async () => {
    setSignedInFlag();
    stubFetch({
      ...common,
      '/api/api/auth/refresh': () =>
        jsonResponse({ token: 'tok-1', user: { ...USER, role: 'ADMIN' } }),
      '/api/api/admin/users': () => jsonResponse({ success: true, data: [], pagination: {} }),
    });
    app('/admin');
    expect(
      await screen.findByRole('heading', { name: 'Vehicle Records Admin Dashboard' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vehicle Records home' }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('sign-out forgets the token and the user and goes to /', async () => {
    setSignedInFlag();
    stubFetch({
      ...common,
      '/api/api/auth/refresh': () => jsonResponse({ token: 'tok-1', user: USER }),
      '/api/auth/sign-out': () => jsonResponse({ success: true }),
    });
    const user = userEvent.setup();
    app('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'ann@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('/', { selector: 'output' })).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
