import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROBLEM_MESSAGES } from '@vr/contracts';
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
});
