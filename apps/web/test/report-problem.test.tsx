import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROBLEM_DESCRIPTION_MAX, PROBLEM_MESSAGES } from '@vr/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProblemPanel } from '../src/features/reports/ProblemPanel.tsx';
import { setToken } from '../src/lib/token.ts';
import { jsonResponse, renderWithProviders, stubFetch } from './support.tsx';

const REPORT = { orderId: 'order-9', vin: '1HGCM82633A004352', vehicle: '2003 HONDA Accord' };

beforeEach(() => setToken('user-token'));

describe("the report page's Report a problem", () => {
  it('reports a problem from the report and then shows it Open, without a second button', async () => {
    let problem: unknown = null;
    const { fetchMock } = stubFetch({
      '/api/api/report-orders/order-9/problem': (url) => {
        const posted = fetchMock.mock.calls.at(-1)?.[1]?.method === 'POST';
        if (posted) {
          problem = {
            id: 'p-1',
            orderId: 'order-9',
            kind: 'vehicle_details',
            description: 'Wrong year.',
            state: 'Open',
            createdAt: '2026-11-25T10:00:00.000Z',
            answeredAt: null,
            reply: null,
            outcome: null,
          };
          return jsonResponse(problem, 201);
        }
        expect(url).toBe('/api/api/report-orders/order-9/problem');
        return jsonResponse({ problem });
      },
    });
    renderWithProviders(<ProblemPanel report={REPORT} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    await userEvent.click(screen.getByLabelText('The vehicle details'));
    await userEvent.type(screen.getByLabelText('Describe what is wrong'), 'Wrong year.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(PROBLEM_MESSAGES.received)).toBeTruthy();
    expect(await screen.findByText('Problem reported: Open')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });

  it("asks for one thing at a time, counts the words, and puts the server's complaint where it belongs", async () => {
    let answer = () => jsonResponse({ message: 'must not be empty', field: 'description' }, 400);
    const { fetchMock } = stubFetch({
      '/api/api/report-orders/order-9/problem': () =>
        fetchMock.mock.calls.at(-1)?.[1]?.method === 'POST'
          ? answer()
          : jsonResponse({ problem: null }),
    });
    renderWithProviders(<ProblemPanel report={REPORT} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    await userEvent.click(send);
    expect(await screen.findByText('Choose what is wrong.')).toBeTruthy();
    expect(screen.queryByText(/Describe what is wrong\./)).toBeNull();

    await userEvent.click(screen.getByLabelText('The vehicle details'));
    expect(screen.queryByText('Choose what is wrong.')).toBeNull();
    await userEvent.click(send);
    expect(
      await screen.findByText(/^Describe what is wrong\. 0 \/ 2,000 characters$/),
    ).toBeTruthy();

    const words = screen.getByLabelText('Describe what is wrong');
    fireEvent.change(words, { target: { value: 'x'.repeat(PROBLEM_DESCRIPTION_MAX + 1) } });
    expect(screen.getByText(/^Too long\. 2,001 \/ 2,000 characters$/)).toBeTruthy();
    expect(send.disabled).toBe(true);

    fireEvent.change(words, { target: { value: 'Wrong year.' } });
    await userEvent.click(send);
    expect(await screen.findByText(/^must not be empty 11 \/ 2,000 characters$/)).toBeTruthy();

    answer = () => jsonResponse({ message: 'Too many problem reports today.' }, 429);
    await userEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many problem reports today.',
    );
    expect(screen.getByText(/^11 \/ 2,000 characters$/)).toBeTruthy();
  });
});
