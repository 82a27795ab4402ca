import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../src/app/AppRoutes.tsx';
import { Providers, createQueryClient } from '../src/app/Providers.tsx';
import { renderShell } from '../src/app/prerender.tsx';
import { setToken } from '../src/lib/token.ts';
import { CATALOG, jsonResponse, setSignedInFlag, stubFetch } from './support.tsx';

afterEach(() => setToken(null));

const USER = {
  id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  role: 'USER',
};

function app(path: string) {
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
}

const common = {
  '/api/api/stripe-credit/credit-packages': () =>
    jsonResponse({ success: true, packages: CATALOG }),
};

describe("the landing page's header while the current user is fetched", () => {
  it('/: while the current user is fetched the header shows neither Sign In nor the account, then the account', async () => {
    setSignedInFlag();
    let answer!: (res: Response) => void;
    stubFetch({
      ...common,
      '/api/api/auth/refresh': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    app('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('status', { name: 'Checking sign-in' })).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(within(banner).queryByRole('button', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign In & Get Lookup' })).toBeNull();

    answer(jsonResponse({ token: 'tok-1', user: USER }));
    expect(await within(banner).findByRole('button', { name: 'Dashboard' })).toBeTruthy();
    expect(within(banner).getByText('Ann Lee')).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(within(banner).queryByRole('status')).toBeNull();
  });

  it('/: a signed-out visitor gets Sign In once the session is known', async () => {
    stubFetch(common);
    app('/');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign In & Get Lookup' })).toBeTruthy();
  });

  it('the first paint of / (prerendered before any script runs) never shows Sign In', () => {
    const html = renderShell();
    expect(html).toContain('Checking sign-in');
    expect(html).not.toContain('Sign In');
  });
});
