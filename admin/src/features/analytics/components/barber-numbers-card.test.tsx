import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { BarberNumbersCard } from '../index';
import { barberNumbersOf, fakeAnalyticsApi, json, MY_URL } from '../test/fake-analytics-api';

vi.setConfig({ testTimeout: 20_000 });

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

async function card(title: string) {
  const region = await screen.findByRole('region', { name: title });
  return (region.textContent ?? '').replace(/\s+/g, ' ');
}

describe('BarberNumbersCard', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the barber's own figures against the previous period, written in the given locale", async () => {
    fakeAnalyticsApi();
    renderWithClient(<BarberNumbersCard locale="de-DE" />);

    expect(await card('My appointments')).toContain('40');
    expect(await card('My appointments')).toContain('Up, +25 % vs previous 30 days');
    expect(await card('My revenue')).toContain('987,60 €');
    expect(await card('My revenue')).toContain('Up, +23 % vs previous 30 days');
    expect(await card('My utilisation')).toContain('75 %');
    expect(await card('My utilisation')).toContain('Up, +13 pts vs previous 30 days');
    expect(await card('Returning clients')).toContain('20');
    expect(await card('Returning clients')).toContain('of 30 clients');
    expect(await card('Returning clients')).toContain('Down, -9 % vs previous 30 days');
  });

  it('says "New" instead of changes when the barber started after the previous period began', async () => {
    fakeAnalyticsApi({ mine: barberNumbersOf({ comparison: 'new' }) });
    renderWithClient(<BarberNumbersCard />);
    const appointments = await card('My appointments');
    expect(appointments).toContain('New: you started during the previous 30 days');
    expect(appointments).not.toContain('%');
  });

  it('writes en-US by default', async () => {
    fakeAnalyticsApi({ mine: barberNumbersOf({ currency: 'USD', revenue: 1500 }) });
    renderWithClient(<BarberNumbersCard />);
    expect(await card('My revenue')).toContain('$1,500.00');
  });

  it('offers 7, 30 and 90 days and asks again with the chosen one', async () => {
    const { urls } = fakeAnalyticsApi();
    renderWithClient(<BarberNumbersCard />);
    await card('My revenue');
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['7d', '30d', '90d']);
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'Last 90 days' }));

    await waitFor(() => expect(urls()).toEqual([`${MY_URL}?period=30d`, `${MY_URL}?period=90d`]));
  });

  it('says so when the period has no appointments', async () => {
    fakeAnalyticsApi({ mine: barberNumbersOf({ appointments: 0, revenue: 0, clients: 0, returningClients: 0 }) });
    renderWithClient(<BarberNumbersCard />);
    expect(await screen.findByText('No appointments in this period')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My revenue' })).not.toBeInTheDocument();
  });

  it("shows the api's refusal and asks again on Try again", async () => {
    let fail = true;
    const { urls } = fakeAnalyticsApi({
      answer: () =>
        fail ? json(403, { error: { code: 'forbidden', message: 'Only barbers have their own numbers' } }) : undefined,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithClient(<BarberNumbersCard />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your numbers could not be loaded');
    expect(alert).toHaveTextContent('Only barbers have their own numbers');

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await card('My appointments')).toContain('40');
    expect(urls()).toHaveLength(2);
  });

  it('shows a labelled spinner while loading', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithClient(<BarberNumbersCard />);
    expect(await screen.findByRole('status', { name: 'Loading your numbers' })).toBeInTheDocument();
  });
});
