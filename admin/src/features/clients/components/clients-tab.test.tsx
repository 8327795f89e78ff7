import { CLIENT_MESSAGES } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { setTokenSource } from '../../../lib/api-client';
import {
  ANA_ID,
  BEN_ID,
  CLIENTS_URL,
  clientOf,
  DUE_NOW_ID,
  fakeClientsApi,
  GONE_ID,
  noteOf,
  SHOP_ID,
} from '../test/fake-clients-api';
import { parisShop } from '../test/shop';
import { BarberClients } from './barber-clients';
import { ClientsTab } from './clients-tab';

vi.setConfig({ testTimeout: 20_000 });

// fr-FR writes thousands with a narrow no-break space and puts the euro after a no-break space.
const EUR_1234_50 = '1\u202f234,50\u00a0€';

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

const ANA = clientOf(ANA_ID, {
  nextAppointment: '2026-06-02T12:30:00.000Z',
  tags: ['VIP'],
  appointments: [
    {
      id: 'ap-2',
      startsAt: '2026-05-10T12:30:00.000Z',
      endsAt: '2026-05-10T13:15:00.000Z',
      status: 'completed',
      source: 'online',
      serviceName: 'Skin Fade',
      barberName: 'Sam',
      price: 35,
      currency: 'EUR',
    },
    {
      id: 'ap-1',
      startsAt: '2026-04-12T08:00:00.000Z',
      endsAt: '2026-04-12T08:45:00.000Z',
      status: 'no_show',
      source: 'walk_in',
      serviceName: 'Beard Trim',
      barberName: 'Alex',
      price: 20,
      currency: 'EUR',
    },
  ],
  notes: [
    noteOf('n2', { body: 'Asked for a shorter top next time', authorName: 'Sam', mine: false }),
    noteOf('n1', { body: 'Likes a low fade', createdAt: '2026-04-12T09:00:00.000Z' }),
  ],
});
const BEN = clientOf(BEN_ID, {
  name: 'Ben Ortiz',
  email: 'ben@example.com',
  phone: null,
  visits: 5,
  lastVisit: '2026-03-01T10:00:00.000Z',
  totalSpent: 180,
  noShows: 0,
  usualIntervalDays: 21,
  dueDate: '2026-03-22',
  overdue: true,
});

/** A figure of the client's page, as written: its term's definition. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const openAna = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Ana Silva' }));
  return screen.findByRole('heading', { level: 2, name: 'Ana Silva' });
};

describe('Clients tab', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it("lists clients with their figures in the shop's currency, locale, zone and clock", async () => {
    fakeClientsApi({ clients: [ANA, BEN] });
    wrap(<ClientsTab shop={parisShop()} />);
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Visits', 'Last visit', 'Next appointment', 'Total spent', 'No-shows']);
    const ana = within(table).getByRole('row', { name: /Ana Silva/ });
    const cells = within(ana)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    // 22:30 UTC on May 10 is already May 11 in Paris; 12:30 UTC on June 2 is 14:30 there.
    expect(cells).toEqual(['3', '11 mai 2026', '2 juin 2026, 14:30', EUR_1234_50, '1']);
    expect(within(ana).getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('2 clients')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Last visit' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('says when there are no clients yet', async () => {
    fakeClientsApi();
    wrap(<ClientsTab shop={parisShop()} />);
    expect(
      await screen.findByText('No clients yet. Clients appear here after their first booking.'),
    ).toBeInTheDocument();
  });

  it('sends the search to the api as q once the typing pauses', async () => {
    const { sent } = fakeClientsApi({ clients: [ANA, BEN] });
    wrap(<ClientsTab shop={parisShop()} />);
    await screen.findByRole('button', { name: 'Ben Ortiz' });
    await userEvent.type(screen.getByLabelText('Search clients'), 'ben@');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ana Silva' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Ben Ortiz' })).toBeInTheDocument();
    const lists = sent('GET', `${CLIENTS_URL}?`).map((c) => c.url);
    expect(lists).toContain(`${CLIENTS_URL}?q=ben%40&filter=all&sort=lastVisit&page=1`);
    // Debounced: no request per keystroke.
    expect(lists.filter((u) => u.includes('q='))).toHaveLength(1);
  });

  it('sorts by a column header', async () => {
    const { sent } = fakeClientsApi({ clients: [ANA, BEN] });
    wrap(<ClientsTab shop={parisShop()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Visits' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Visits' })).toHaveAttribute('aria-sort', 'descending'),
    );
    expect(sent('GET', `${CLIENTS_URL}?`).map((c) => c.url)).toContain(`${CLIENTS_URL}?filter=all&sort=visits&page=1`);
  });

  it('pages through a long list', async () => {
    const { sent } = fakeClientsApi({ clients: [ANA, BEN], pageSize: 1 });
    wrap(<ClientsTab shop={parisShop()} />);
    await screen.findByRole('button', { name: 'Ana Silva' });
    expect(screen.getByText(/1–1 of 2/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Ben Ortiz' })).toBeInTheDocument();
    expect(sent('GET', `${CLIENTS_URL}?`).map((c) => c.url)).toContain(
      `${CLIENTS_URL}?filter=all&sort=lastVisit&page=2`,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the clients due back with due date and interval, and sends a rebook link in one click', async () => {
    const { sent } = fakeClientsApi({
      clients: [ANA, BEN],
      rebook: { channel: 'email', sentTo: 'ben@example.com', link: 'https://fade-co.example/book' },
    });
    wrap(<ClientsTab shop={parisShop()} />);
    await screen.findByRole('button', { name: 'Ana Silva' });
    await userEvent.click(screen.getByRole('button', { name: 'Due back' }));

    const table = await screen.findByRole('table', { name: 'Clients due back or lapsed' });
    expect(within(table).queryByRole('button', { name: 'Ana Silva' })).toBeNull();
    const ben = within(table).getByRole('row', { name: /Ben Ortiz/ });
    expect(ben).toHaveTextContent('22 mars 2026');
    expect(ben).toHaveTextContent('Overdue');
    expect(ben).toHaveTextContent('Every 21 days');
    expect(sent('GET', `${CLIENTS_URL}?`).map((c) => c.url)).toContain(`${CLIENTS_URL}?filter=due&page=1`);

    await userEvent.click(within(ben).getByRole('button', { name: 'Send rebook link to Ben Ortiz' }));
    expect(await screen.findByText('Rebook link sent to ben@example.com')).toBeInTheDocument();
    expect(within(ben).getByText('Sent to ben@example.com by e-mail')).toBeInTheDocument();
    expect(sent('POST')).toEqual([{ url: `${CLIENTS_URL}/${BEN_ID}/rebook`, body: undefined }]);
  });

  it('leads "Due back" with those due now; "Lapsed" is its own filter; the rebook button stays on one line', async () => {
    const dueNow = clientOf(DUE_NOW_ID, {
      name: 'Cleo Dupont',
      email: null,
      phone: '+33612345678',
      dueDate: '2026-05-12',
      overdue: false,
    });
    const gone = clientOf(GONE_ID, { name: 'Gus Lamy', dueDate: '2025-11-01', overdue: true, lapsed: true });
    const { sent } = fakeClientsApi({ clients: [dueNow, BEN, gone] });
    wrap(<ClientsTab shop={parisShop()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Due back' }));
    const table = await screen.findByRole('table', { name: 'Clients due back or lapsed' });
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((th) => within(th).getByRole('button').textContent);
    await waitFor(() => expect(names()).toEqual(['Cleo Dupont', 'Ben Ortiz']));
    expect(screen.getByText('2 clients due back, those due now first')).toBeInTheDocument();
    const cleo = within(table).getByRole('row', { name: /Cleo Dupont/ });
    expect(cleo).toHaveTextContent('Due now');
    // A French shop writes a French number the French way.
    expect(within(cleo).getByText('06 12 34 56 78')).toBeInTheDocument();
    expect(within(cleo).getByRole('button', { name: 'Send rebook link to Cleo Dupont' })).toHaveClass(
      'whitespace-nowrap',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Lapsed' }));
    await waitFor(() => expect(within(table).queryByText('Ben Ortiz')).toBeNull());
    const lapsed = screen.getByRole('table', { name: 'Clients due back or lapsed' });
    expect(within(lapsed).getByRole('row', { name: /Gus Lamy/ })).toHaveTextContent('Lapsed');
    expect(screen.getByText('1 client lapsed: overdue by more than three usual intervals')).toBeInTheDocument();
    expect(sent('GET', `${CLIENTS_URL}?`).map((c) => c.url)).toContain(`${CLIENTS_URL}?filter=lapsed&page=1`);
  });

  it('says when nobody has lapsed', async () => {
    fakeClientsApi({ clients: [BEN] });
    wrap(<ClientsTab shop={parisShop()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Lapsed' }));
    expect(
      await screen.findByText('No lapsed clients. Clients overdue by more than three usual intervals show here.'),
    ).toBeInTheDocument();
  });

  it("shows a refused rebook in the api's words", async () => {
    fakeClientsApi({
      clients: [BEN],
      refuse: {
        method: 'POST',
        path: `${CLIENTS_URL}/${BEN_ID}/rebook`,
        status: 422,
        body: { error: { code: 'no_contact', message: CLIENT_MESSAGES.noContact } },
      },
    });
    wrap(<ClientsTab shop={parisShop()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Due back' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send rebook link to Ben Ortiz' }));
    expect(await screen.findByText(CLIENT_MESSAGES.noContact)).toBeInTheDocument();
  });

  it("says when the list could not be loaded, in the api's words", async () => {
    fakeClientsApi({
      refuse: { method: 'GET', path: CLIENTS_URL, status: 500, body: { error: { message: 'Something went wrong' } } },
    });
    wrap(<ClientsTab shop={parisShop()} />);
    expect(await screen.findByText('Your clients could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });

  it("opens a client's page with figures, history and notes; Back keeps the search and focuses the row", async () => {
    fakeClientsApi({ clients: [ANA, BEN] });
    wrap(<ClientsTab shop={parisShop()} />);
    await screen.findByRole('button', { name: 'Ana Silva' });
    await userEvent.type(screen.getByLabelText('Search clients'), 'ana');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ben Ortiz' })).toBeNull());

    const heading = await openAna();
    expect(heading).toHaveFocus();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('06 12 34 56 78')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('VIP')).toBeInTheDocument();
    expect(figure('Visits')).toBe('3');
    expect(figure('Total spent')).toBe(EUR_1234_50);
    expect(figure('No-shows')).toBe('1');
    expect(figure('Usual interval')).toBe('Every 28 days');
    expect(figure('Due back')).toBe('8 juin 2026');
    expect(figure('Usually')).toBe('Skin Fade with Sam');

    const history = screen.getByRole('table', { name: 'Appointment history' });
    const rows = within(history).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells(rows[0]!)).toEqual(['10 mai 2026, 14:30', 'Skin Fade', 'Sam', '35,00\u00a0€', 'Completed']);
    expect(cells(rows[1]!)).toEqual(['12 avr. 2026, 10:00Walk-in', 'Beard Trim', 'Alex', '20,00\u00a0€', 'No-show']);

    const notes = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(notes[0]).toHaveTextContent('Asked for a shorter top next time');
    expect(notes[0]).toHaveTextContent('Sam · 11 mai 2026, 10:00');
    expect(notes[1]).toHaveTextContent('Likes a low fade');

    await userEvent.click(screen.getByRole('button', { name: 'Back to clients' }));
    expect(screen.getByLabelText('Search clients')).toHaveValue('ana');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ana Silva' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Ben Ortiz' })).toBeNull();
  });

  it('opens a client with Enter on their name', async () => {
    fakeClientsApi({ clients: [ANA] });
    wrap(<ClientsTab shop={parisShop()} />);
    (await screen.findByRole('button', { name: 'Ana Silva' })).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Silva' })).toBeInTheDocument();
  });

  it('adds a note, shown first', async () => {
    const { sent } = fakeClientsApi({ clients: [ANA] });
    wrap(<ClientsTab shop={parisShop()} />);
    await openAna();
    expect(screen.getByText('0 / 2000 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Add a note'), 'Bring the beard oil');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added')).toBeInTheDocument();
    expect(sent('POST')).toEqual([{ url: `${CLIENTS_URL}/${ANA_ID}/notes`, body: { body: 'Bring the beard oil' } }]);
    const notes = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(notes[0]).toHaveTextContent('Bring the beard oil');
    expect(screen.getByLabelText('Add a note')).toHaveValue('');
  });

  it('refuses an empty note before asking the api', async () => {
    const { sent } = fakeClientsApi({ clients: [ANA] });
    wrap(<ClientsTab shop={parisShop()} />);
    await openAna();
    await userEvent.type(screen.getByLabelText('Add a note'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByRole('alert')).toHaveTextContent(CLIENT_MESSAGES.noteEmpty);
    expect(sent('POST')).toEqual([]);
  });

  it('deletes a note after confirming', async () => {
    const { sent } = fakeClientsApi({ clients: [ANA] });
    wrap(<ClientsTab shop={parisShop()} />);
    await openAna();
    await userEvent.click(screen.getByRole('button', { name: 'Delete note by Olivia Owner, 12 avr. 2026, 11:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this note?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    await waitFor(() => expect(screen.queryByText('Likes a low fade')).toBeNull());
    expect(sent('DELETE')).toEqual([{ url: `${CLIENTS_URL}/${ANA_ID}/notes/n1`, body: undefined }]);
  });

  it('adds and removes tags, each change saved with PATCH', async () => {
    const { sent } = fakeClientsApi({ clients: [ANA] });
    wrap(<ClientsTab shop={parisShop()} />);
    await openAna();
    await userEvent.type(screen.getByLabelText('Add a tag'), 'Beard{Enter}');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('Beard')).toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag VIP' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove tag VIP' })).toBeNull());
    expect(sent('PATCH')).toEqual([
      { url: `${CLIENTS_URL}/${ANA_ID}`, body: { tags: ['VIP', 'Beard'] } },
      { url: `${CLIENTS_URL}/${ANA_ID}`, body: { tags: ['Beard'] } },
    ]);
    expect(screen.getByLabelText('Add a tag')).toHaveFocus();
  });

  it('merges another client in after a confirm that says what merge does', async () => {
    const { sent } = fakeClientsApi({ clients: [ANA, BEN] });
    wrap(<ClientsTab shop={parisShop()} />);
    await openAna();
    await userEvent.click(screen.getByRole('button', { name: 'Merge with…' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge with Ana Silva' });
    const search = within(dialog).getByLabelText('Find the other client');
    expect(search).toHaveFocus();
    await userEvent.type(search, 'ben');
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Ben Ortiz/ }));
    expect(within(dialog).queryByRole('radio', { name: /Ana Silva/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(within(dialog).getByText('Merge Ben Ortiz into Ana Silva?')).toHaveFocus();
    expect(dialog).toHaveTextContent("Ben Ortiz's appointments and notes move to Ana Silva");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge clients' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST')).toEqual([{ url: `${CLIENTS_URL}/${ANA_ID}/merge`, body: { otherClientId: BEN_ID } }]);
    expect(await screen.findByText('Clients merged')).toBeInTheDocument();
    // 3 + 5 visits, as the api answered.
    expect(figure('Visits')).toBe('8');
  });

  it("shows a refused merge in the dialog in the api's words", async () => {
    fakeClientsApi({
      clients: [ANA, BEN],
      refuse: {
        method: 'POST',
        path: `${CLIENTS_URL}/${ANA_ID}/merge`,
        status: 422,
        body: { error: { code: 'merge_erased', message: CLIENT_MESSAGES.mergeErased } },
      },
    });
    wrap(<ClientsTab shop={parisShop()} />);
    await openAna();
    await userEvent.click(screen.getByRole('button', { name: 'Merge with…' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Ben Ortiz/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Merge clients' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(CLIENT_MESSAGES.mergeErased);
  });

  it('erases a client after a confirm that says appointments are kept, then shows "Erased client"', async () => {
    const { sent } = fakeClientsApi({ clients: [ANA] });
    wrap(<ClientsTab shop={parisShop()} />);
    await openAna();
    await userEvent.click(screen.getByRole('button', { name: 'Erase client' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase Ana Silva?' });
    expect(dialog).toHaveTextContent('Their appointments are kept for the books');
    expect(dialog).toHaveTextContent('Their name, e-mail, phone, tags and notes are removed');
    expect(dialog).toHaveTextContent(
      'Their recurring visits still ahead are cancelled and they leave the waitlist, without a message to them.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase client' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Erased client' })).toBeInTheDocument();
    expect(sent('DELETE')).toEqual([{ url: `${CLIENTS_URL}/${ANA_ID}`, body: undefined }]);
    expect(screen.queryByText('ana@example.com')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge with…' })).toBeNull();
    // The history stays for the books.
    expect(screen.getByRole('table', { name: 'Appointment history' })).toHaveTextContent('Skin Fade');
  });

  it('exports the client as client-{id}.json', async () => {
    const { sent } = fakeClientsApi({ clients: [ANA] });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:client');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    wrap(<ClientsTab shop={parisShop()} />);
    await openAna();
    await userEvent.click(screen.getByRole('button', { name: 'Export data' }));
    expect(await screen.findByText('Client data exported')).toBeInTheDocument();
    expect(sent('GET', `${CLIENTS_URL}/${ANA_ID}/export`)).toHaveLength(1);
    expect(clicked).toEqual([`client-${ANA_ID}.json`]);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(JSON.parse(await blob.text())).toMatchObject({ client: { id: ANA_ID } });
    click.mockRestore();
  });
});

describe("Barber's clients", () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists and opens clients without the owner actions; notes can still be added', async () => {
    const { sent } = fakeClientsApi({
      clients: [{ ...ANA, canManage: false, notes: [noteOf('n2', { authorName: 'Alex', mine: false })] }],
    });
    wrap(<BarberClients shopId={SHOP_ID} shop={{ timeZone: 'Europe/Paris', locale: 'fr-FR', clock: '24h' }} />);
    expect(await screen.findByRole('heading', { name: 'My clients' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Due back' })).toBeNull();
    await openAna();

    for (const name of ['Send rebook link', 'Merge with…', 'Export data', 'Erase client', 'Remove tag VIP']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByLabelText('Add a tag')).toBeNull();
    expect(screen.getByText('VIP')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete note/ })).toBeNull();

    await userEvent.type(screen.getByLabelText('Add a note'), 'Prefers scissors');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByText('Prefers scissors');
    expect(sent('POST')).toEqual([{ url: `${CLIENTS_URL}/${ANA_ID}/notes`, body: { body: 'Prefers scissors' } }]);
    expect(sent('GET', `${CLIENTS_URL}?`).map((c) => c.url)).toEqual([
      `${CLIENTS_URL}?filter=all&sort=lastVisit&page=1`,
    ]);
  });
});
