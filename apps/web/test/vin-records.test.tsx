import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDER_MESSAGES, REPORT_PREVIEW_MESSAGES, type CustomerReportOrder } from '@vr/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { MyVinLookups } from '../src/features/dashboard/vin-records/MyVinLookups.tsx';
import { VinRecordsSection } from '../src/features/dashboard/vin-records/VinRecordsSection.tsx';
import { setToken } from '../src/lib/token.ts';
import { jsonResponse, renderWithProviders, stubFetch, vpic } from './support.tsx';

const HONDA = '1HGCM82633A004352';

beforeEach(() => setToken('user-token'));

const order = (extra: Partial<CustomerReportOrder>): CustomerReportOrder => ({
  id: 'order-1',
  vin: HONDA,
  vehicle: '2003 HONDA Accord',
  createdAt: '2026-11-24T10:00:00.000Z',
  status: 'Processing',
  reportUrl: null,
  progress: null,
  ...extra,
});

function dashboard(routes: Record<string, (path: string) => Response>) {
  const stub = stubFetch({
    '/api/api/user/credit': () => jsonResponse({ creditBalance: 3 }),
    '/api/api/report-orders/my-orders': () => jsonResponse([]),
    '/api/vehicles/DecodeVinValues/': () =>
      jsonResponse(vpic({ ModelYear: '2003', Make: 'HONDA', Model: 'Accord', ErrorCode: '0' })),
    ...routes,
  });
  renderWithProviders(<VinRecordsSection onBuyCredits={() => {}} />);
  return stub;
}

async function search() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('VIN'), HONDA);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return user;
}

describe('VIN Records', () => {
  it('shows what the report can hold and offers no order for a VIN without records', async () => {
    dashboard({
      '/api/api/report-orders/preview/': () =>
        jsonResponse({
          vin: HONDA,
          vehicle: '2003 HONDA Accord',
          hasRecords: false,
          message: REPORT_PREVIEW_MESSAGES.noRecords,
        }),
    });
    await search();
    expect(await screen.findByText(REPORT_PREVIEW_MESSAGES.noRecords)).toBeTruthy();
    const button = screen.getByRole('button', { name: /Order Report/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('says the VIN is already ordered instead of charging again', async () => {
    const stub = dashboard({
      '/api/api/report-orders/preview/': () =>
        jsonResponse({
          vin: HONDA,
          vehicle: '2003 HONDA Accord',
          hasRecords: true,
          message: REPORT_PREVIEW_MESSAGES.records,
        }),
      '/api/api/report-orders': () =>
        jsonResponse({ message: ORDER_MESSAGES.alreadyOpen, orderId: 'order-1' }, 409),
    });
    const user = await search();
    expect(await screen.findByText(REPORT_PREVIEW_MESSAGES.records)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Order Report/ }));
    expect(await screen.findByText(ORDER_MESSAGES.alreadyOpen)).toBeTruthy();
    expect(stub.calls.filter((url) => url.endsWith('/api/api/report-orders'))).toHaveLength(1);
  });

  it('shows an open order with what is happening, and its report once Completed', async () => {
    let status: 'Processing' | 'Completed' = 'Processing';
    stubFetch({
      '/api/api/report-orders/my-orders': () =>
        jsonResponse([
          status === 'Processing'
            ? order({ progress: 'Gathering the vehicle history records.' })
            : order({ status: 'Completed', reportUrl: '/api/api/report-orders/order-1/report' }),
        ]),
    });
    renderWithProviders(<MyVinLookups />);
    expect(await screen.findByText('Gathering the vehicle history records.')).toBeTruthy();
    status = 'Completed';
    // The list polls while an order is open: Completed appears without a reload.
    await waitFor(() => expect(screen.getByRole('button', { name: /View Report/ })).toBeTruthy(), {
      timeout: 5000,
    });
  });
});
