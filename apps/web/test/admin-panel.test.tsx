import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES, PROBLEM_MESSAGES } from '@vr/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminPanel } from '../src/features/admin/AdminPanel.tsx';
import { setToken } from '../src/lib/token.ts';
import { jsonResponse, renderWithProviders, stubFetch } from './support.tsx';

const user = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `user-${n}`,
  email: `person${n}@example.com`,
  username: null,
  credit: n,
  role: 'USER',
  paymentBind: false,
  stripeCustomerId: null,
  defaultPaymentMethodId: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const usersPage = (rows: unknown[], total = rows.length) => ({
  success: true,
  data: rows,
  pagination: { current: 1, size: 10, pages: Math.ceil(total / 10), total },
});

const order = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `order-${n}`,
  userId: 'user-1',
  vin: '1HGCM82633A004352',
  vehicle: '2003 HONDA Accord',
  status: 'Pending',
  createdAt: '2026-11-21T10:00:00.000Z',
  reportUrl: null,
  reportSource: null,
  generation: { attempts: 0, lastError: null, nextAttemptAt: null },
  ...extra,
});

const counts = {
  success: true,
  counts: { total: 12, pending: 7, processing: 0, completed: 5, refunded: 0 },
};
const purchases = { success: true, data: [], totalRecords: 0, limit: 10, page: 1 };

beforeEach(() => setToken('admin-token'));

describe('admin panel', () => {
  it('shows the four tabs with counts and the users table with N/A for a missing username', async () => {
    stubFetch({
      '/api/api/admin/users': () =>
        jsonResponse(usersPage([user(1), user(2, { username: 'Jo Doe' })], 2)),
      '/api/api/admin/credit-purchases': () => jsonResponse(purchases),
      '/api/api/admin/report-orders/counts': () => jsonResponse(counts),
    });
    renderWithProviders(<AdminPanel />);
    expect(await screen.findByRole('tab', { name: 'User Management (2)' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Credit Purchases (0)' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Report Orders (12)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'License Plate Test' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'All Users' });
    expect(within(table).getByText('person1@example.com')).toBeTruthy();
    expect(within(table).getByText('N/A')).toBeTruthy();
    expect(within(table).getByText('Jo Doe')).toBeTruthy();
  });

  it('enables Update only after a value is typed, refuses a fraction and sends an integer', async () => {
    const puts: unknown[] = [];
    const { fetchMock } = stubFetch({
      '/api/api/admin/users': () => jsonResponse(usersPage([user(1)])),
      '/api/api/admin/credit-purchases': () => jsonResponse(purchases),
      '/api/api/admin/report-orders/counts': () => jsonResponse(counts),
    });
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return jsonResponse({ success: true, message: 'Credit updated to 5' });
      }
      if (url.includes('/admin/users')) return jsonResponse(usersPage([user(1)]));
      if (url.includes('/credit-purchases')) return jsonResponse(purchases);
      return jsonResponse(counts);
    });
    renderWithProviders(<AdminPanel />);
    const input = await screen.findByLabelText('New credit for person1@example.com');
    const row = input.closest('tr')!;
    const update = within(row).getByRole('button', { name: 'Update' });
    expect(update).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '1.5' } });
    expect(update).toHaveProperty('disabled', false);
    fireEvent.click(update);
    expect(await within(row).findByText(ADMIN_MESSAGES.invalidCredits)).toBeTruthy();
    expect(puts).toEqual([]);
    // Editing the value takes the message away until the next Update.
    fireEvent.change(input, { target: { value: '5' } });
    await waitFor(() => expect(within(row).queryByText(ADMIN_MESSAGES.invalidCredits)).toBeNull());
    fireEvent.click(update);
    expect(await screen.findByText('Credit updated to 5')).toBeTruthy();
    expect(puts).toEqual([{ credit: 5 }]);
    await waitFor(() => expect(input).toHaveProperty('value', ''));
  });

  it('shows the error with its prefix, never invented users, and the empty text', async () => {
    stubFetch({
      '/api/api/admin/users': () => jsonResponse({ message: 'Database unavailable' }, 503),
      '/api/api/admin/credit-purchases': () => jsonResponse(purchases),
      '/api/api/admin/report-orders/counts': () => jsonResponse(counts),
    });
    renderWithProviders(<AdminPanel />);
    expect(
      await screen.findByText('Error loading users: Database unavailable', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: /Credit Purchases/ }));
    expect(await screen.findByText(ADMIN_MESSAGES.noCreditPurchases)).toBeTruthy();
  });

  it('finds a user by e-mail and says so when there is none', async () => {
    stubFetch({
      '/api/api/admin/users/email/person1%40example.com': () =>
        jsonResponse({ success: true, data: user(1) }),
      '/api/api/admin/users/email/': () => jsonResponse({ message: 'No user found' }, 404),
      '/api/api/admin/users': () => jsonResponse(usersPage([])),
      '/api/api/admin/credit-purchases': () => jsonResponse(purchases),
      '/api/api/admin/report-orders/counts': () => jsonResponse(counts),
    });
    renderWithProviders(<AdminPanel />);
    expect(await screen.findByText(ADMIN_MESSAGES.noUsersFound)).toBeTruthy();
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByLabelText('Search user by email'), 'nobody');
    await userEvent.click(search);
    expect(await screen.findByText(ADMIN_MESSAGES.invalidEmail)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search user by email'), '@example.com');
    // The message stays until the next search.
    expect(screen.getByText(ADMIN_MESSAGES.invalidEmail)).toBeTruthy();
    await userEvent.click(search);
    expect(await screen.findByText(ADMIN_MESSAGES.noUserFound)).toBeTruthy();
    expect(screen.queryByText(ADMIN_MESSAGES.invalidEmail)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await userEvent.type(screen.getByLabelText('Search user by email'), 'person1@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const result = await screen.findByLabelText('Search result');
    expect(within(result).getByText('person1@example.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByLabelText('Search result')).toBeNull();
    expect(screen.getByLabelText('Search user by email')).toHaveProperty('value', '');
    // The label goes back into the empty field instead of floating over it.
    const label = screen.getByText('Search user by email', { selector: 'label' });
    expect(label.getAttribute('data-shrink')).toBe('false');
  });
});

describe('report orders tab', () => {
  function ordersRoutes(seen: string[]) {
    return {
      '/api/api/admin/users': () => jsonResponse(usersPage([])),
      '/api/api/admin/credit-purchases': () => jsonResponse(purchases),
      '/api/api/admin/report-orders/counts': () => jsonResponse(counts),
      '/api/api/admin/report-orders/user/': () =>
        jsonResponse({
          success: true,
          data: [],
          pagination: { current: 1, size: 10, pages: 0, total: 0 },
          message: ADMIN_MESSAGES.noOrdersForUser,
          userId: 'user-9',
          totalCount: 0,
        }),
      '/api/api/admin/report-orders': (path: string) => {
        seen.push(path);
        const page = Number(new URL(path, 'http://x').searchParams.get('page'));
        const rows =
          page === 2
            ? [
                order(11),
                order(12, {
                  status: 'Completed',
                  reportUrl: '/api/api/admin/reports/order-12/download',
                }),
              ]
            : Array.from({ length: 10 }, (_, i) => order(i + 1));
        return jsonResponse({
          success: true,
          data: rows,
          pagination: { current: page, size: 10, pages: 2, total: 12 },
          message: 'ok',
        });
      },
    };
  }

  it('pages, filters with counts (back to page 1) and offers Download only with a report', async () => {
    const seen: string[] = [];
    stubFetch(ordersRoutes(seen));
    renderWithProviders(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: /Report Orders/ }));
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByText('Showing 10 entries (12 total)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All Orders (12)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pending (7)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Processing (0)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Completed (5)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Download report for order order-12' }),
    ).toHaveProperty('disabled', false);
    expect(
      screen.getByRole('button', { name: 'Download report for order order-11' }),
    ).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Pending (7)' }));
    await waitFor(() =>
      expect(seen.at(-1)).toBe('/api/api/admin/report-orders/pending?page=1&size=10'),
    );
    expect(screen.getByText('Currently showing: Pending')).toBeTruthy();
  });

  it('marks a Pending order Processing, says so and reloads the queue; others have no such action', async () => {
    const seen: string[] = [];
    const marked: string[] = [];
    stubFetch({
      ...ordersRoutes(seen),
      '/api/api/admin/report-orders/order-3/processing': (path: string) => {
        marked.push(path);
        return jsonResponse({
          success: true,
          message: ADMIN_MESSAGES.markedProcessing,
          status: 'Processing',
        });
      },
    });
    renderWithProviders(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: /Report Orders/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark Processing order order-3' }),
    );
    expect(await screen.findByText(ADMIN_MESSAGES.markedProcessing)).toBeTruthy();
    expect(marked).toEqual(['/api/api/admin/report-orders/order-3/processing']);
    await waitFor(() => expect(seen.length).toBeGreaterThan(1));

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark Processing order order-12' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark Processing order order-11' })).toBeTruthy();
  });

  it('searches by user id with a summary and Clear Search', async () => {
    stubFetch(ordersRoutes([]));
    renderWithProviders(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: /Report Orders/ }));
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByLabelText('Search by User ID'), '  user-9 ');
    await userEvent.click(search);
    expect(
      await screen.findByText(`${ADMIN_MESSAGES.noOrdersForUser} (user user-9, 0 orders)`),
    ).toBeTruthy();
    expect(screen.getByText('Currently showing: orders of user user-9')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(await screen.findByText('Currently showing: All Orders')).toBeTruthy();
  });

  it('keeps Upload disabled until a PDF is chosen and refuses other types', async () => {
    stubFetch(ordersRoutes([]));
    renderWithProviders(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: /Report Orders/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Upload report for order order-1' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('order-1')).toBeTruthy();
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toHaveProperty('disabled', true);
    const picker = within(dialog).getByLabelText('Report PDF');
    fireEvent.change(picker, {
      target: { files: [new File(['png'], 'photo.png', { type: 'image/png' })] },
    });
    expect(await within(dialog).findByText(ADMIN_MESSAGES.pdfOnly)).toBeTruthy();
    expect(upload).toHaveProperty('disabled', true);
    const pdf = new File([new Uint8Array(1024 * 1024 + 5)], 'report.pdf', {
      type: 'application/pdf',
    });
    fireEvent.change(picker, { target: { files: [pdf] } });
    expect(await within(dialog).findByText('report.pdf (1.00 MB)')).toBeTruthy();
    expect(upload).toHaveProperty('disabled', false);
  });
});

describe('license plate test tab', () => {
  it('keeps the test disabled until a plate is typed and asks for all plate tryout fields', async () => {
    const { calls } = stubFetch({
      '/api/api/admin/users': () => jsonResponse(usersPage([])),
      '/api/api/admin/credit-purchases': () => jsonResponse(purchases),
      '/api/api/admin/report-orders/counts': () => jsonResponse(counts),
      '/api/api/license-plate/search/': () =>
        jsonResponse({
          success: true,
          found: true,
          vin: '1HGCM82633A004352',
          error: null,
          message: 'Vehicle found',
        }),
    });
    renderWithProviders(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: 'License Plate Test' }));
    const test = screen.getByRole('button', { name: 'Test License Plate API' });
    expect(test).toHaveProperty('disabled', true);
    const plates = screen.getAllByLabelText('Plate number');
    await userEvent.type(plates[0]!, 'abc1234');
    expect(plates[0]).toHaveProperty('value', 'ABC1234');
    await userEvent.click(test);
    expect(await screen.findByText(/"vin": "1HGCM82633A004352"/)).toBeTruthy();
    expect(calls.some((c) => c.endsWith('/api/api/license-plate/search/ABC1234/CA'))).toBe(true);

    await userEvent.type(plates[1]!, 'XYZ');
    await userEvent.click(screen.getByRole('button', { name: 'Run plate tryout' }));
    expect(await screen.findByText(ADMIN_MESSAGES.platesFieldsRequired)).toBeTruthy();
  });

  const panelRoutes = {
    '/api/api/admin/users': () => jsonResponse(usersPage([])),
    '/api/api/admin/credit-purchases': () => jsonResponse(purchases),
    '/api/api/admin/report-orders/counts': () => jsonResponse(counts),
  };
  const plateSearch = (n: number, extra: Record<string, unknown> = {}) => ({
    id: `search-${n}`,
    userId: 'user-1',
    userEmail: 'person1@example.com',
    state: 'CA',
    plate: `PLATE${n}`,
    outcome: 'found',
    vin: '1HGCM82633A004352',
    fromCache: false,
    error: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...extra,
  });

  it('lists recent plate searches with their user, outcome and source, and refreshes after a test', async () => {
    let listed = [plateSearch(1)];
    const { calls } = stubFetch({
      ...panelRoutes,
      '/api/api/admin/plate-searches': () =>
        jsonResponse({
          success: true,
          data: listed,
          pagination: { current: 1, size: 10, pages: 2, total: 11 },
        }),
      '/api/api/license-plate/search/': () => {
        listed = [
          plateSearch(2, { userEmail: null, outcome: 'not_found', vin: null, fromCache: true }),
          ...listed,
        ];
        return jsonResponse({ success: true, found: false, vin: null, error: null, message: '' });
      },
    });
    renderWithProviders(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: 'License Plate Test' }));
    const table = await screen.findByRole('table', { name: 'Recent plate searches' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('person1@example.com')).toBeTruthy();
    expect(within(first).getByText('CA PLATE1')).toBeTruthy();
    expect(within(first).getByText('Found 1HGCM82633A004352')).toBeTruthy();
    expect(within(first).getByText('Provider')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(calls).toContain('/api/api/admin/plate-searches?page=1&size=10');

    await userEvent.type(screen.getAllByLabelText('Plate number')[0]!, 'PLATE2');
    await userEvent.click(screen.getByRole('button', { name: 'Test License Plate API' }));
    const newest = await within(table).findByText('CA PLATE2');
    const row = newest.closest('tr')!;
    expect(within(row).getByText('Deleted user')).toBeTruthy();
    expect(within(row).getByText('Not found')).toBeTruthy();
    expect(within(row).getByText('Cache')).toBeTruthy();
  });

  it('runs the tryouts: disabled while one works, the answer below, a refusal in its words', async () => {
    const bodies: unknown[] = [];
    let answer = () => undefined as void;
    const { fetchMock } = stubFetch({
      ...panelRoutes,
      '/api/api/admin/plate-searches': () =>
        jsonResponse({
          success: true,
          data: [],
          pagination: { current: 1, size: 10, pages: 0, total: 0 },
        }),
    });
    const route = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/admin/tryout')) return route(input, init);
      const body = JSON.parse(String(init?.body)) as { email: string };
      bodies.push(body);
      if (body.email === 'many@example.com, two@example.com')
        return jsonResponse({ message: `email: ${ADMIN_MESSAGES.tryoutOneRecipient}` }, 400);
      await new Promise<void>((resolve) => (answer = resolve));
      return jsonResponse({ success: true, message: 'Tryout done' });
    });
    renderWithProviders(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: 'License Plate Test' }));

    const runVin = screen.getByRole('button', { name: 'Run VIN tryout' });
    await userEvent.type(screen.getByLabelText('VIN'), '1hgcm82633a00435');
    expect(runVin).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByLabelText('VIN'), '2');
    expect(screen.getByLabelText('VIN')).toHaveProperty('value', '1HGCM82633A004352');
    await userEvent.click(runVin);
    expect(await screen.findByText('Looking up…')).toBeTruthy();
    expect(runVin).toHaveProperty('disabled', true);
    answer();
    expect(await screen.findByText(/"message": "Tryout done"/)).toBeTruthy();
    expect(runVin).toHaveProperty('disabled', false);
    expect(bodies[0]).toEqual({ vin: '1HGCM82633A004352', vehicle: '', email: '' });

    const plate = screen.getAllByLabelText('Plate number')[1]!;
    const email = screen.getByLabelText('Recipient e-mail (one address)');
    await userEvent.type(plate, ' abc12 ');
    await userEvent.type(email, 'many@example.com, two@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Run plate tryout' }));
    expect(await screen.findByText(`email: ${ADMIN_MESSAGES.tryoutOneRecipient}`)).toBeTruthy();
    expect(bodies[1]).toEqual({
      vin: '',
      vehicle: 'CA/ABC12',
      email: 'many@example.com, two@example.com',
    });
  });

  it('says when there are no plate searches, and shows a failure with its prefix and Retry', async () => {
    let fail = true;
    stubFetch({
      ...panelRoutes,
      '/api/api/admin/plate-searches': () =>
        fail
          ? jsonResponse({ message: 'Database unavailable' }, 503)
          : jsonResponse({
              success: true,
              data: [],
              pagination: { current: 1, size: 10, pages: 0, total: 0 },
            }),
    });
    renderWithProviders(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: 'License Plate Test' }));
    expect(
      await screen.findByText(`${ADMIN_MESSAGES.plateSearchesErrorPrefix} Database unavailable`),
    ).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Recent plate searches' })).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(ADMIN_MESSAGES.noPlateSearches)).toBeTruthy();
  });

  it('answers a problem in the Problems tab with a refund, the order and the words side by side', async () => {
    let answered = false;
    const problem = () => ({
      id: 'problem-1',
      orderId: 'order-7',
      userId: 'user-3',
      userEmail: 'ann@example.com',
      vin: '1HGCM82633A004352',
      vehicle: '2003 HONDA Accord',
      orderStatus: answered ? 'Refunded' : 'Completed',
      reportSource: 'generated',
      kind: 'wrong_record',
      description: 'The 2019 salvage title is another car.',
      state: answered ? 'Answered' : 'Open',
      createdAt: '2026-11-25T10:00:00.000Z',
      answeredAt: answered ? '2026-11-25T11:00:00.000Z' : null,
      answeredBy: answered ? 'admin-1' : null,
      reply: answered ? 'Refunded.' : null,
      outcome: answered ? 'refund' : null,
    });
    const { fetchMock } = stubFetch({
      '/api/api/admin/users': () => jsonResponse(usersPage([user(1)])),
      '/api/api/admin/credit-purchases': () => jsonResponse(purchases),
      '/api/api/admin/report-orders/counts': () => jsonResponse(counts),
      '/api/api/admin/problems': (url) =>
        jsonResponse({
          success: true,
          data: url.includes('state=open') && answered ? [] : [problem()],
          counts: { open: answered ? 0 : 1, resolved: answered ? 1 : 0 },
          pagination: { current: 1, size: 10, pages: 1, total: 1 },
        }),
      '/api/api/admin/problems/problem-1/resolve': () => {
        answered = true;
        return jsonResponse({
          success: true,
          message: PROBLEM_MESSAGES.resolved('refund'),
          problem: problem(),
        });
      },
    });
    renderWithProviders(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Problems (1)' }));
    const card = await screen.findByRole('region', { name: 'Problem problem-1' });
    expect(within(card).getByText('The 2019 salvage title is another car.')).toBeTruthy();
    expect(within(card).getByText('A record that is not this vehicle')).toBeTruthy();
    expect(within(card).getByText(/ann@example.com · user user-3/)).toBeTruthy();
    expect(within(card).getByText('Order order-7')).toBeTruthy();
    await userEvent.type(within(card).getByLabelText('Reply to the customer'), 'Refunded.');
    await userEvent.click(within(card).getByLabelText('Refund the credit'));
    await userEvent.click(within(card).getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(PROBLEM_MESSAGES.resolved('refund'))).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/resolve'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ reply: 'Refunded.', action: 'refund' });
    expect(await screen.findByRole('tab', { name: 'Problems (0)' })).toBeTruthy();
  });

  it('searches problems by the trimmed text, asks for a reply before sending, and shows a refusal', async () => {
    const open = {
      id: 'problem-2',
      orderId: 'order-8',
      userId: 'user-4',
      userEmail: 'bo@example.com',
      vin: '1HGCM82633A004352',
      vehicle: '2003 HONDA Accord',
      orderStatus: 'Completed',
      reportSource: 'generated',
      kind: 'vehicle_details',
      description: 'Wrong year.',
      state: 'Open',
      createdAt: '2026-11-25T10:00:00.000Z',
      answeredAt: null,
      answeredBy: null,
      reply: null,
      outcome: null,
    };
    const { calls } = stubFetch({
      '/api/api/admin/users': () => jsonResponse(usersPage([user(1)])),
      '/api/api/admin/credit-purchases': () => jsonResponse(purchases),
      '/api/api/admin/report-orders/counts': () => jsonResponse(counts),
      '/api/api/admin/problems/problem-2/resolve': () =>
        jsonResponse({ message: PROBLEM_MESSAGES.alreadyAnswered }, 409),
      '/api/api/admin/problems': () =>
        jsonResponse({
          success: true,
          data: [open],
          counts: { open: 1, resolved: 0 },
          pagination: { current: 1, size: 10, pages: 1, total: 1 },
        }),
    });
    renderWithProviders(<AdminPanel />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Problems (1)' }));
    const card = await screen.findByRole('region', { name: 'Problem problem-2' });

    const searchField = screen.getByLabelText('Search by e-mail, user ID or order ID');
    await userEvent.type(searchField, '  bo@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(calls.map((url) => new URL(url, 'http://web').searchParams.get('q'))).toContain(
        'bo@example.com',
      ),
    );
    const clear = screen.getByRole('button', { name: 'Clear Search' }) as HTMLButtonElement;
    await userEvent.click(clear);
    expect((searchField as HTMLInputElement).value).toBe('');
    expect(clear.disabled).toBe(true);

    const send = within(card).getByRole('button', { name: 'Send answer' });
    await userEvent.click(send);
    expect(await within(card).findByText('Write the reply the customer receives.')).toBeTruthy();
    await userEvent.type(within(card).getByLabelText('Reply to the customer'), 'Checked: correct.');
    expect(within(card).queryByText('Write the reply the customer receives.')).toBeNull();
    expect(
      within(card).getByText(/^17 \/ 4000 characters; mailed to bo@example.com$/),
    ).toBeTruthy();
    await userEvent.click(send);
    expect(await within(card).findByText(PROBLEM_MESSAGES.alreadyAnswered)).toBeTruthy();
  });
});
