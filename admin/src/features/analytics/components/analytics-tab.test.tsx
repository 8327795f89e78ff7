import { ANALYTICS_MESSAGES } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { LazyAnalyticsTab } from '../index';
import {
  ANALYTICS_URL,
  CSV_URL,
  fakeAnalyticsApi,
  json,
  quarterReport,
  reportOf,
  SHOP,
  summaryOf,
} from '../test/fake-analytics-api';
import { AnalyticsTab } from './analytics-tab';

// The CSV download reads the session itself (lib/api-client answers JSON only): a signed-in session.
vi.mock('../../../lib/supabase', () => ({
  getSupabase: async () => ({
    auth: { getSession: async () => ({ data: { session: { access_token: 'csv-token' } }, error: null }) },
  }),
}));

vi.setConfig({ testTimeout: 20_000 });

function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** The text of a KPI card, whitespace (the locale's no-break spaces too) as plain spaces. */
async function card(title: string) {
  const region = await screen.findByRole('region', { name: title });
  return (region.textContent ?? '').replace(/\s+/g, ' ');
}

const reportRequests = (urls: string[]) => urls.filter((u) => u.startsWith(`${ANALYTICS_URL}?`));

describe('Analytics tab', () => {
  // jsdom has no ResizeObserver: recharts draws at its initial size, so the charts render too.
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("writes money in the report's currency and the shop's locale (EUR, de-DE)", async () => {
    fakeAnalyticsApi();
    renderWithClient(<AnalyticsTab shop={SHOP} />);

    expect(await card('Revenue')).toContain('1.234,50 €');
    expect(await card('Average ticket')).toContain('25,72 €');
    expect(await card('No-show rate')).toContain('6 %');
    expect(await card('New vs returning clients')).toContain('12 new');
    expect(await card('New vs returning clients')).toContain('30 returning');
    expect(await card('Online vs walk-in')).toContain('70 % online');
    expect(await card('Online vs walk-in')).toContain('30 % walk-in');
    expect(screen.getByText('1.–30. Mai 2026, compared with 1.–30. Apr. 2026')).toBeInTheDocument();
  });

  it('compares each figure with the previous period in words, not colour alone', async () => {
    fakeAnalyticsApi();
    renderWithClient(<AnalyticsTab shop={SHOP} />);

    expect(await card('Revenue')).toContain('Up, +12 % vs previous 30 days');
    expect(await card('Appointments')).toContain('Up, +12 % vs previous 30 days');
    expect(await card('Cancellations')).toContain('Down, -20 % vs previous 30 days');
    expect(await card('No-show rate')).toContain('Up, +2 pts vs previous 30 days');
    expect(await card('Average ticket')).toContain('No change vs previous 30 days');
    expect(await card('New vs returning clients')).toContain('New: Up, +20 % vs previous 30 days');
    expect(await card('New vs returning clients')).toContain('Returning: No change vs previous 30 days');
    expect(await card('Retention')).toContain('Down, -5 pts vs previous 30 days');
    expect(await card('Rebook rate')).toContain('No figure for the previous 30 days');
    expect(await card('Online vs walk-in')).toContain('Online: Up, +10 pts vs previous 30 days');
  });

  it('shows "New" in place of a change when the shop is younger than the previous period, never a ratio', async () => {
    // 3 appointments before against 1,137 now would be '+37,800 %'.
    fakeAnalyticsApi({
      report: reportOf({ prior: summaryOf({ appointments: 3, revenue: 40 }), comparison: 'new' }),
    });
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    const revenue = await card('Revenue');
    expect(revenue).toContain('New: not open for all of the previous 30 days');
    expect(revenue).not.toMatch(/%|vs previous/);
    expect(await card('New vs returning clients')).not.toContain('vs previous');
  });

  it('shows what was collected beside the booked revenue, and no-shows before and after payment policies (issue 27)', async () => {
    fakeAnalyticsApi({
      report: reportOf({
        payments: {
          collected: 980.25,
          collectedTips: 120,
          priorCollected: 0,
          noShowRate: { policySince: '2026-05-10T12:00:00Z', before: 0.12, after: 0.03 },
        },
      }),
    });
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    expect(await card('Revenue')).toContain('980,25 € collected');
    expect(await card('No-show rate')).toContain('Before payment policies: 12 %. Since: 3 %.');
  });

  it('shows a dash in place of a change when the previous period has too little data', async () => {
    fakeAnalyticsApi({
      report: reportOf({ prior: summaryOf({ appointments: 12 }), comparison: 'too_little_data' }),
    });
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    const appointments = await card('Appointments');
    expect(appointments).toContain('–Too little data in the previous 30 days to compare');
    expect(appointments).not.toMatch(/Up|Down|%/);
    expect(await card('Retention')).toContain('Too little data in the previous 30 days to compare');
  });

  it("shows retention's definition beside it, not only behind its help button", async () => {
    fakeAnalyticsApi();
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    expect(await card('Retention')).toContain(
      'Clients with a completed visit who came back for another within 6 weeks.',
    );
    const help = screen.getByRole('button', { name: 'About New vs returning clients' });
    await userEvent.click(help);
    expect(screen.getByText(/counted over their whole history/)).toBeVisible();
  });

  it("explains a figure behind its help button, from the decision record's definitions", async () => {
    fakeAnalyticsApi();
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    const help = await screen.findByRole('button', { name: 'About Rebook rate' });
    expect(help).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(help);

    expect(help).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getByText(/booked their next appointment no later than 24 hours after the visit ended/),
    ).toBeVisible();
  });

  it('asks for the last 30 days first and again with the new query string when the period changes', async () => {
    const { urls } = fakeAnalyticsApi();
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    await card('Revenue');
    expect(reportRequests(urls())).toEqual([`${ANALYTICS_URL}?period=30d`]);

    await userEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(reportRequests(urls())).toContain(`${ANALYTICS_URL}?period=7d`));

    // Radios: the arrow keys move to the next period and choose it.
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(reportRequests(urls())).toContain(`${ANALYTICS_URL}?period=30d`));
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Last 12 months' }));
    await waitFor(() => expect(reportRequests(urls()).at(-1)).toBe(`${ANALYTICS_URL}?period=12m`));
  });

  it('refuses a custom range that ends before it starts, without asking the api', async () => {
    const { urls } = fakeAnalyticsApi();
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    await card('Revenue');

    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    // The fields start from the period on screen.
    expect(from).toHaveValue('2026-05-01');
    expect(to).toHaveValue('2026-05-30');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-05-10');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(ANALYTICS_MESSAGES.order)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(reportRequests(urls())).toEqual([`${ANALYTICS_URL}?period=30d`]);

    await userEvent.clear(to);
    await userEvent.type(to, '2026-05-20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(reportRequests(urls())).toContain(`${ANALYTICS_URL}?period=custom&from=2026-05-10&to=2026-05-20`),
    );
    expect(screen.queryByText(ANALYTICS_MESSAGES.order)).not.toBeInTheDocument();
  });

  it('gives every chart a table with a caption and headers holding its figures', async () => {
    fakeAnalyticsApi();
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    await card('Revenue');

    // The three charts are drawn, as pictures hidden from screen readers.
    expect(document.querySelectorAll('[aria-hidden="true"] .recharts-wrapper')).toHaveLength(3);

    const daily = screen.getByRole('table', { name: 'Revenue and appointments per day' });
    const mayFirst = within(daily).getByRole('rowheader', { name: '1. Mai' }).closest('tr')!;
    expect(
      within(mayFirst)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['1.234,50 €', '56']);
    expect(within(daily).getAllByRole('row')).toHaveLength(31);

    const utilisation = screen.getByRole('table', { name: 'Utilisation per barber' });
    expect(
      within(utilisation)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Barber', 'Utilisation', 'Booked hours', 'Available hours', 'Appointments', 'Revenue']);
    const mia = within(utilisation).getByRole('rowheader', { name: 'Mia' }).closest('tr')!;
    expect(
      within(mia)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['75 %', '30', '40', '40', '987,60 €']);

    const services = screen.getByRole('table', { name: 'Top services' });
    const fade = within(services).getByRole('rowheader', { name: 'Skin Fade' }).closest('tr')!;
    expect(
      within(fade)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['30', '750,00 €']);

    const heatmap = screen.getByRole('table', { name: /Busiest times/ });
    // 10:00 to 17:00 on the shop's 24-hour clock, weekdays named in German.
    expect(
      within(heatmap)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    const saturday = within(heatmap)
      .getByRole('rowheader', { name: /Samstag/ })
      .closest('tr')!;
    expect(within(saturday).getAllByRole('cell')[0]).toHaveTextContent('9');
  });

  it('shows a table in place of its chart on request', async () => {
    fakeAnalyticsApi();
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    await card('Revenue');
    const table = screen.getByRole('table', { name: 'Top services' });
    expect(table.parentElement).toHaveClass('sr-only');

    const toggles = screen.getAllByRole('button', { name: 'Show as table' });
    const servicesToggle = toggles.find((b) => b.getAttribute('aria-controls') === table.parentElement?.id)!;
    await userEvent.click(servicesToggle);

    expect(servicesToggle).toHaveAttribute('aria-pressed', 'true');
    expect(table.parentElement).not.toHaveClass('sr-only');
  });

  it('sums 90 days by week (Monday first) for the chart and its table', async () => {
    fakeAnalyticsApi({ report: quarterReport() });
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    const table = await screen.findByRole('table', { name: 'Revenue and appointments per week' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Tue Feb 10 .. Sun Feb 15, then whole weeks, then Mon May 4 .. Sun May 10: 13 weeks.
    expect(rows).toHaveLength(13);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['360,00 €', '12']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['420,00 €', '14']);
  });

  it('says so when the period has no appointments', async () => {
    fakeAnalyticsApi({
      report: reportOf({ current: summaryOf({ appointments: 0, revenue: 0, completed: 0 }), heatmap: [] }),
    });
    renderWithClient(<AnalyticsTab shop={SHOP} />);

    expect(await screen.findByText('No appointments in this period')).toBeInTheDocument();
    expect(screen.getByText(/Try a longer period/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Revenue' })).not.toBeInTheDocument();
  });

  it("shows the api's error and asks again on Try again", async () => {
    let fail = true;
    const { urls } = fakeAnalyticsApi({
      answer: (url) =>
        fail && url.startsWith(`${ANALYTICS_URL}?`)
          ? json(500, { error: { code: 'internal', message: 'Something went wrong (request abc123)' } })
          : undefined,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithClient(<AnalyticsTab shop={SHOP} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The analytics could not be loaded');
    expect(alert).toHaveTextContent('Something went wrong (request abc123)');

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await card('Revenue')).toContain('1.234,50 €');
    expect(reportRequests(urls())).toHaveLength(2);
  });

  it('shows a labelled loading state until the report arrives', async () => {
    let release: (r: Response) => void = () => {};
    fakeAnalyticsApi({ answer: (url) => (url.startsWith(`${ANALYTICS_URL}?`) ? undefined : undefined) });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = resolve;
          }),
      ),
    );
    renderWithClient(<AnalyticsTab shop={SHOP} />);

    expect(await screen.findByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
    release(json(200, reportOf()));
    expect(await card('Revenue')).toContain('1.234,50 €');
    expect(screen.queryByRole('status', { name: 'Loading analytics' })).not.toBeInTheDocument();
  });

  it('downloads the CSV of the period on screen through fetch with the token, saved from an object URL', async () => {
    const { fetchMock } = fakeAnalyticsApi();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:analytics');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    await card('Revenue');
    await userEvent.click(screen.getByRole('radio', { name: 'Last 90 days' }));

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const csvCall = fetchMock.mock.calls.find(([u]) => String(u).startsWith(CSV_URL))!;
    expect(String(csvCall[0])).toBe(`${CSV_URL}?period=90d`);
    expect(csvCall[1]?.headers).toMatchObject({ authorization: 'Bearer csv-token' });
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('date,revenue\n2026-05-01,1234.50\n');
    expect(clicked[0]!.href).toBe('blob:analytics');
    expect(clicked[0]!.download).toBe('analytics-2026-05-01-2026-05-30.csv');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:analytics'));
  });

  it('says when the CSV could not be downloaded', async () => {
    fakeAnalyticsApi({
      answer: (url) =>
        url.startsWith(CSV_URL) ? json(403, { error: { code: 'forbidden', message: 'Only the owner' } }) : undefined,
    });
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    await card('Revenue');

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The CSV could not be downloaded: Only the owner');
  });

  it('notes appointments booked in another currency, left out of the money figures', async () => {
    fakeAnalyticsApi({ report: reportOf({ otherCurrencyAppointments: 3 }) });
    renderWithClient(<AnalyticsTab shop={SHOP} />);
    expect(
      await screen.findByText('3 appointments booked in another currency are left out of the money figures.'),
    ).toBeInTheDocument();
  });

  it('loads lazily behind a spinner (LazyAnalyticsTab)', async () => {
    fakeAnalyticsApi();
    renderWithClient(<LazyAnalyticsTab shop={SHOP} />);
    expect(await card('Revenue')).toContain('1.234,50 €');
  });
});
