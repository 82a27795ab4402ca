import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PROBLEM_MESSAGES,
  PROBLEM_OUTCOME_TEXTS,
  ORDER_MESSAGES,
  REPORT_PREVIEW_MESSAGES,
  reportViewPath,
  type CustomerReportOrder,
  type ReportPreview,
} from '@vr/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { MyVinLookups } from '../src/features/vin-records/MyVinLookups.tsx';
import { VinRecordsSection } from '../src/features/vin-records/VinRecordsSection.tsx';
import { hasLookupIntent, saveLookupIntent } from '../src/lib/lookup-intent.ts';
import { setToken } from '../src/lib/token.ts';
import { jsonResponse, renderWithProviders, stubFetch, vpic } from './support.tsx';

const HONDA = '1HGCM82633A004352';

beforeEach(() => {
  setToken('user-token');
  sessionStorage.clear();
});

const order = (extra: Partial<CustomerReportOrder>): CustomerReportOrder => ({
  id: 'order-1',
  vin: HONDA,
  vehicle: '2003 HONDA Accord',
  createdAt: '2026-11-24T10:00:00.000Z',
  status: 'Processing',
  reportUrl: null,
  progress: null,
  problem: null,
  ...extra,
});

const preview =
  (existing: ReportPreview['existing'] = null) =>
  () =>
    jsonResponse({
      vin: HONDA,
      vehicle: '2003 HONDA Accord',
      hasRecords: true,
      message: REPORT_PREVIEW_MESSAGES.records,
      existing,
    } satisfies ReportPreview);

function dashboard(
  routes: Record<string, (path: string) => Response>,
  onBuyCredits: () => void = () => {},
) {
  const stub = stubFetch({
    '/api/api/user/credit': () => jsonResponse({ creditBalance: 3 }),
    '/api/api/report-orders/my-orders': () => jsonResponse([]),
    '/api/vehicles/DecodeVinValues/': () =>
      jsonResponse(vpic({ ModelYear: '2003', Make: 'HONDA', Model: 'Accord', ErrorCode: '0' })),
    ...routes,
  });
  renderWithProviders(<VinRecordsSection onBuyCredits={onBuyCredits} />);
  return stub;
}

/** The POSTs that placed orders, with their bodies. */
const orderPosts = (stub: ReturnType<typeof stubFetch>) =>
  stub.fetchMock.mock.calls
    .filter(
      ([url, init]) => String(url).endsWith('/api/api/report-orders') && init?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

const orderPlaced = () => jsonResponse({ id: 'order-2', reportUrl: null }, 201);

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
    // The list polls while an order is open: Completed appears without a reload, and View Report
    // opens the report's page.
    const view = await waitFor(() => screen.getByRole('link', { name: /View Report/ }), {
      timeout: 5000,
    });
    expect(view.getAttribute('href')).toBe(reportViewPath('order-1'));
  });

  it('reports a problem with a Completed report and shows it Open', async () => {
    let reported = false;
    const { fetchMock } = stubFetch({
      '/api/api/report-orders/my-orders': () =>
        jsonResponse([
          order({
            status: 'Completed',
            reportUrl: '/api/api/report-orders/order-1/report',
            problem: reported
              ? {
                  id: 'problem-1',
                  orderId: 'order-1',
                  kind: 'wrong_record',
                  description: 'Not my car.',
                  state: 'Open',
                  createdAt: '2026-11-25T10:00:00.000Z',
                  answeredAt: null,
                  reply: null,
                  outcome: null,
                }
              : null,
          }),
        ]),
      '/api/api/report-orders/order-1/problem': () => {
        reported = true;
        return jsonResponse({ id: 'problem-1' }, 201);
      },
    });
    renderWithProviders(<MyVinLookups />);
    await userEvent.click(await screen.findByRole('button', { name: /Report a problem/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Choose what is wrong.')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('A record that is not this vehicle'));
    await userEvent.type(within(dialog).getByLabelText('Describe what is wrong'), 'Not my car.');
    expect(within(dialog).getByText(/11 \/ 2,000 characters/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(PROBLEM_MESSAGES.received)).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/problem'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      kind: 'wrong_record',
      description: 'Not my car.',
    });
    expect(await screen.findByText('Problem reported: Open')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Report a problem/ })).toBeNull();
  });

  it('shows the answer and the refund of a report found wrong, which stays readable', async () => {
    stubFetch({
      '/api/api/report-orders/my-orders': () =>
        jsonResponse([
          order({
            status: 'Refunded',
            reportUrl: '/api/api/report-orders/order-1/report',
            problem: {
              id: 'problem-1',
              orderId: 'order-1',
              kind: 'missing_record',
              description: 'A reading is missing.',
              state: 'Answered',
              createdAt: '2026-11-25T10:00:00.000Z',
              answeredAt: '2026-11-25T12:00:00.000Z',
              reply: 'You are right; your credit is back.',
              outcome: 'refund',
            },
          }),
        ]),
    });
    renderWithProviders(<MyVinLookups />);
    expect(await screen.findByText('You are right; your credit is back.')).toBeTruthy();
    expect(screen.getByText('Problem reported: Answered')).toBeTruthy();
    expect(screen.getByText(PROBLEM_OUTCOME_TEXTS.refund)).toBeTruthy();
    expect(screen.getByText('Refunded')).toBeTruthy();
    expect(screen.queryByText(/could not be delivered/)).toBeNull();
    const view = screen.getByRole('link', { name: /View Report/ });
    expect(view.getAttribute('href')).toBe(reportViewPath('order-1'));
    expect(screen.queryByRole('button', { name: /Report a problem/ })).toBeNull();
  });

  it('carries on a VIN lookup interrupted by the sign-in: the vehicle, its preview, one Order button', async () => {
    saveLookupIntent({ searchType: 'vin', vin: HONDA });
    const stub = dashboard({ '/api/api/report-orders/preview/': preview() });
    expect(await screen.findByText(REPORT_PREVIEW_MESSAGES.records)).toBeTruthy();
    expect(screen.getByText(HONDA)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Order Report/ })).toHaveLength(1);
    expect(orderPosts(stub)).toEqual([]);
    expect(hasLookupIntent()).toBe(false);
    expect((screen.getByLabelText('VIN') as HTMLInputElement).value).toBe(HONDA);
  });

  it('shows the automatic order of a plate search coming, and places it', async () => {
    saveLookupIntent({ searchType: 'license_plate', state: 'CA', plate: '7ABC123', vin: HONDA });
    const stub = dashboard({
      '/api/api/report-orders/preview/': preview(),
      '/api/api/report-orders': orderPlaced,
    });
    expect(await screen.findByText('Ordering its report for 1 credit…')).toBeTruthy();
    expect(await screen.findByText(/Report ordered\. It appears below/)).toBeTruthy();
    expect(orderPosts(stub)).toEqual([{ vin: HONDA, vehicle: '2003 HONDA Accord' }]);
  });

  it('lets the customer cancel the automatic order of a plate search', async () => {
    saveLookupIntent({ searchType: 'license_plate', state: 'CA', plate: '7ABC123', vin: HONDA });
    const stub = dashboard({
      '/api/api/report-orders/preview/': preview(),
      '/api/api/report-orders': orderPlaced,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: /Order Report/ })).toBeTruthy();
    // Longer than the automatic order's pause: still nothing ordered.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(orderPosts(stub)).toEqual([]);
    expect(screen.queryByText('Ordering its report for 1 credit…')).toBeNull();
  });

  it('opens the report the customer already has instead of ordering a plate search again', async () => {
    saveLookupIntent({ searchType: 'license_plate', state: 'CA', plate: '7ABC123', vin: HONDA });
    const message = REPORT_PREVIEW_MESSAGES.existingCompleted(30);
    const stub = dashboard({
      '/api/api/report-orders/preview/': preview({
        orderId: 'order-1',
        status: 'Completed',
        message,
      }),
      '/api/api/report-orders': orderPlaced,
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Report' })).toBeTruthy();
    expect(screen.queryByText('Ordering its report for 1 credit…')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Order a Fresh Report/ }));
    await screen.findByText(/Report ordered\. It appears below/);
    expect(orderPosts(stub)).toEqual([{ vin: HONDA, vehicle: '2003 HONDA Accord', fresh: true }]);
  });

  it('keeps the vehicle for after Buy Credits when the balance is short', async () => {
    let boughtCredits = false;
    dashboard(
      {
        '/api/api/user/credit': () => jsonResponse({ creditBalance: 0 }),
        '/api/api/report-orders/preview/': preview(),
      },
      () => (boughtCredits = true),
    );
    const user = await search();
    await user.click(await screen.findByRole('button', { name: /Order Report/ }));
    await user.click(await screen.findByRole('button', { name: 'Buy Credits' }));
    expect(boughtCredits).toBe(true);
    expect(hasLookupIntent()).toBe(true);
  });
});
