import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { SIGNED_IN_COOKIE } from '@vr/contracts';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { Providers, createQueryClient } from '../src/app/Providers.tsx';

// The dashboard and admin pages are lazy chunks; their first import in a busy run can take over
// the library's default second.
configure({ asyncUtilTimeout: 30000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; path=/`;
});

/** The readable flag the server sets next to the httpOnly session cookie: a session exists. */
export function setSignedInFlag(): void {
  document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
}

export function renderWithProviders(ui: ReactNode): RenderResult {
  const client = createQueryClient();
  return render(
    <Providers queryClient={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );
}

export function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The seeded catalog (docs/product-rules.md#money). */
export const CATALOG = [
  [1, 800, false],
  [3, 1500, false],
  [5, 2400, false],
  [10, 4500, true],
  [25, 9500, false],
  [100, 35000, false],
].map(([credits, amount, popular]) => ({
  packageId: `credits_${String(credits)}`,
  description: `${String(credits)} credits`,
  amount: amount as number,
  currency: 'usd',
  creditAmount: credits as number,
  priceDisplay: `$${((amount as number) / 100).toFixed(2)}`,
  popular: popular as boolean,
}));

export function vpic(result: Record<string, string> | null) {
  return {
    Count: result ? 1 : 0,
    Message: 'Results returned successfully',
    SearchCriteria: 'VIN:TEST',
    Results: result ? [result] : [],
  };
}

type Route = (url: string) => Response | Promise<Response>;

/** Stubs fetch with a handler per path prefix; unknown paths answer 404 JSON. */
export function stubFetch(routes: Record<string, Route>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push(url);
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const match = Object.keys(routes)
      .sort((a, b) => b.length - a.length)
      .find((prefix) => path.startsWith(prefix));
    if (match) return routes[match]!(path);
    return jsonResponse({ message: 'Not found' }, 404, 'Not Found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
