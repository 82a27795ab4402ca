import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WatchedVehicle } from '@vr/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { RecallAlertsSection } from '../src/features/recall-watch/RecallAlertsSection.tsx';
import { setToken } from '../src/lib/token.ts';
import { jsonResponse, renderWithProviders, stubFetch } from './support.tsx';

beforeEach(() => setToken('user-token'));

const ACCORD: WatchedVehicle = {
  id: 'w1',
  vin: '1HGCM82633A004352',
  vehicle: '2003 Honda Accord',
  orderId: 'o1',
  watchUntil: '2029-11-28T12:00:00.000Z',
  state: 'on',
  campaigns: [
    {
      campaignNumber: '26V980001',
      component: 'FUEL SYSTEM, GASOLINE: DELIVERY: HOSES',
      summary: 'SANDBOX SAMPLE. A fuel hose may crack and leak.',
      consequence: 'A fuel leak increases the risk of a fire.',
      remedy: 'Dealers will replace the fuel hose, free of charge.',
      reportedOn: '2026-11-28',
      parkIt: true,
      parkOutside: false,
      foundAt: '2026-11-28T01:00:00.000Z',
    },
  ],
};

describe('Recall Alerts', () => {
  it('shows until when each vehicle is watched, the campaigns found since its report, and turns alerts off', async () => {
    const puts: string[] = [];
    stubFetch({
      '/api/api/recalls/watches/w1': () => {
        puts.push('w1');
        return jsonResponse({ ...ACCORD, state: 'off' });
      },
      '/api/api/recalls/watches': () => jsonResponse({ vehicles: [ACCORD], sandbox: true }),
    });
    renderWithProviders(<RecallAlertsSection />);
    expect(await screen.findByText('Watching for recalls until Nov 28, 2029')).toBeTruthy();
    expect(screen.getByText(/FUEL SYSTEM, GASOLINE/)).toBeTruthy();
    expect(screen.getByText(/Do not drive/)).toBeTruthy();
    expect(screen.getByText(/SANDBOX: the recalls shown here are invented samples/)).toBeTruthy();

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Turn off recall alerts for 2003 Honda Accord' }));
    await waitFor(() =>
      expect(screen.getByText('Recall alerts are off for this vehicle')).toBeTruthy(),
    );
    expect(puts).toEqual(['w1']);
    expect(
      screen.getByRole('button', { name: 'Turn on recall alerts for 2003 Honda Accord' }),
    ).toBeTruthy();
  });

  it('says what it is for when no vehicle is watched yet', async () => {
    stubFetch({ '/api/api/recalls/watches': () => jsonResponse({ vehicles: [], sandbox: false }) });
    renderWithProviders(<RecallAlertsSection />);
    expect(
      await screen.findByText('Vehicles you order a report for are watched here for new recalls.'),
    ).toBeTruthy();
    expect(screen.queryByText(/SANDBOX/)).toBeNull();
  });
});
