import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fetchCatalog, type CatalogState } from '../src/lib/catalog.ts';
import { PricingSection } from '../src/features/landing/PricingSection.tsx';
import { CATALOG, jsonResponse, renderWithProviders, stubFetch } from './support.tsx';

function ready(packages = CATALOG, stale = false): CatalogState {
  return {
    status: 'ready',
    packages,
    fromCents: 350,
    stale,
    retry: () => undefined,
    retrying: false,
  };
}

describe('pricing section', () => {
  it('shows each package with its price, per-lookup price and savings against the first', () => {
    renderWithProviders(<PricingSection catalog={ready()} />);
    const expectations: [string, string, string, string][] = [
      ['1 Lookup, $8.00', '$8.00', '$8.00 per lookup', 'Single report'],
      ['3 Lookups, $15.00', '$15.00', '$5.00 per lookup', 'Save 38%'],
      ['5 Lookups, $24.00', '$24.00', '$4.80 per lookup', 'Save 40%'],
      ['10 Lookups, $45.00', '$45.00', '$4.50 per lookup', 'Save 44%'],
      ['25 Lookups, $95.00', '$95.00', '$3.80 per lookup', 'Save 53%'],
      ['100 Lookups, $350.00', '$350.00', '$3.50 per lookup', 'Save 56%'],
    ];
    for (const [name, price, unit, savings] of expectations) {
      const card = within(screen.getByRole('article', { name }));
      expect(card.getByText(price)).toBeTruthy();
      expect(card.getByText(unit)).toBeTruthy();
      expect(card.getByText(savings)).toBeTruthy();
    }
    const popular = within(screen.getByRole('article', { name: '10 Lookups, $45.00' }));
    expect(popular.getByText('POPULAR')).toBeTruthy();
    expect(screen.getAllByText('POPULAR')).toHaveLength(1);
    expect(screen.getByText('from $3.50')).toBeTruthy();
    expect(screen.getByText(/Credits never expire\./)).toBeTruthy();
  });

  it('shows a skeleton while loading', () => {
    const { container } = renderWithProviders(<PricingSection catalog={{ status: 'loading' }} />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.querySelectorAll('.ui-skeleton').length).toBeGreaterThan(6);
  });

  it('shows the error with a Retry that refetches', async () => {
    const retry = vi.fn();
    renderWithProviders(
      <PricingSection
        catalog={{ status: 'error', message: 'API request failed: 500', retry, retrying: false }}
      />,
    );
    expect(screen.getByText(/Prices could not be loaded: API request failed: 500/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('marks a remembered catalog as such', () => {
    renderWithProviders(<PricingSection catalog={ready(CATALOG, true)} />);
    expect(screen.getByText(/prices this browser last saw/)).toBeTruthy();
  });
});

describe('catalog fetch', () => {
  it('remembers the catalog and falls back to it when the server fails', async () => {
    stubFetch({
      '/api/api/stripe-credit/credit-packages': () =>
        jsonResponse({ success: true, packages: CATALOG }),
    });
    expect(await fetchCatalog()).toEqual({ packages: CATALOG, stale: false });

    stubFetch({
      '/api/api/stripe-credit/credit-packages': () =>
        jsonResponse({ message: 'Database unavailable' }, 503, 'Service Unavailable'),
    });
    expect(await fetchCatalog()).toEqual({ packages: CATALOG, stale: true });
  });

  it("fails with the server's message when nothing is remembered", async () => {
    stubFetch({
      '/api/api/stripe-credit/credit-packages': () =>
        jsonResponse({ message: 'Database unavailable' }, 503, 'Service Unavailable'),
    });
    await expect(fetchCatalog()).rejects.toThrow('Database unavailable');
  });

  it('renders on the landing page with "from $3.50" computed from the catalog', async () => {
    const { LandingPage } = await import('../src/features/landing/LandingPage.tsx');
    stubFetch({
      '/api/api/stripe-credit/credit-packages': () =>
        jsonResponse({ success: true, packages: CATALOG }),
    });
    renderWithProviders(<LandingPage />);
    expect(await screen.findByRole('article', { name: '100 Lookups, $350.00' })).toBeTruthy();
    expect(screen.getAllByText('from $3.50').length).toBeGreaterThanOrEqual(2);
  });
});
