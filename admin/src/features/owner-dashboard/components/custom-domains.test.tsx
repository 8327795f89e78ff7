import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { setTokenSource } from '../../../lib/api-client';
import type { Domain } from '../api/domains-api';
import { CustomDomains } from './custom-domains';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const LIST_URL = `/api/shops/${SHOP_ID}/domains`;
const TOKEN = 'barberly-verify=3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a';

function domain(hostname: string, over: Partial<Domain> = {}): Domain {
  return {
    id: `d-${hostname}`,
    hostname,
    status: 'pending',
    reason: null,
    primary: false,
    records: [
      { type: 'CNAME', name: hostname, value: 'shops.barberly.test' },
      { type: 'TXT', name: `_barberly.${hostname}`, value: TOKEN },
    ],
    checkedAt: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    ...over,
  };
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * The domains api of one shop behind fetch. A new domain starts pending; `verifyTo` is what Check now finds;
 * `refuse` answers that method with the api's error instead; `failList` makes the first GET fail.
 */
function fakeApi(
  opts: {
    domains?: Domain[];
    verifyTo?: Partial<Domain>;
    refuse?: { method: string; status: number; body: unknown };
    failList?: boolean;
  } = {},
) {
  let domains = opts.domains ?? [];
  let failList = opts.failList ?? false;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (opts.refuse?.method === method) return json(opts.refuse.status, opts.refuse.body);
    if (url === LIST_URL && method === 'GET') {
      if (failList) {
        failList = false;
        return json(500, { error: { code: 'internal', message: 'Something went wrong' } });
      }
      return json(200, domains);
    }
    if (url === LIST_URL && method === 'POST') {
      const added = domain(body.hostname, { reason: 'The TXT record was not found yet.' });
      domains = [...domains, added];
      return json(201, added);
    }
    const id = url.slice(LIST_URL.length + 1).replace(/\/verify$/, '');
    if (url.endsWith('/verify') && method === 'POST') {
      domains = domains.map((d) => (d.id === id ? { ...d, reason: null, ...opts.verifyTo } : d));
      return json(
        200,
        domains.find((d) => d.id === id),
      );
    }
    if (method === 'PATCH') {
      domains = domains.map((d) =>
        d.id === id
          ? { ...d, primary: true, status: 'active' }
          : d.primary
            ? { ...d, primary: false, status: 'verified' }
            : d,
      );
      return json(200, domains);
    }
    if (method === 'DELETE') {
      domains = domains.filter((d) => d.id !== id);
      return json(204);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const sent = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined }));
  return { fetchMock, sent };
}

function renderDomains() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <CustomDomains shopId={SHOP_ID} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const item = (hostname: string) => screen.findByRole('listitem', { name: hostname });

describe('CustomDomains', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('invites the owner to use their own address when there is no domain yet', async () => {
    fakeApi();
    renderDomains();
    expect(
      await screen.findByText("Use your own address, like www.yourshop.com. We'll show you the DNS records to add."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect a domain' })).toBeInTheDocument();
  });

  it('connects a domain, trimmed and lowercased, and shows the DNS records to create with the TXT row', async () => {
    const { sent } = fakeApi();
    renderDomains();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a domain' }));
    await userEvent.type(screen.getByLabelText('Domain'), '  WWW.Fade.co ');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));

    const added = await item('www.fade.co');
    expect(sent('POST')).toEqual([{ url: LIST_URL, body: { hostname: 'www.fade.co' } }]);
    expect(within(added).getByText('Pending')).toBeInTheDocument();
    expect(within(added).getByText('The TXT record was not found yet.')).toBeInTheDocument();
    const table = within(added).getByRole('table', { name: 'DNS records to add for www.fade.co' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Type', 'Name', 'Value']);
    const txt = within(table).getByRole('row', { name: /^TXT/ });
    expect(txt).toHaveTextContent('_barberly.www.fade.co');
    expect(txt).toHaveTextContent(TOKEN);
    expect(within(txt).getByRole('button', { name: 'Copy TXT value' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Connect a domain' })).not.toBeInTheDocument();
  });

  it("shows the api's reason in the form and keeps what was typed", async () => {
    const message = 'Enter a hostname like www.yourshop.com, without https:// or a path';
    fakeApi({ refuse: { method: 'POST', status: 400, body: { error: { code: 'invalid_hostname', message } } } });
    renderDomains();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a domain' }));
    const input = screen.getByLabelText('Domain');
    await userEvent.type(input, 'https://fade.co/book');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveValue('https://fade.co/book');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByRole('link', { name: 'See the plans' })).not.toBeInTheDocument();
  });

  it('points to the plans when the plan does not include custom domains', async () => {
    const message = 'A custom domain needs the Premium plan';
    fakeApi({ refuse: { method: 'POST', status: 402, body: { error: { code: 'plan_limit', message } } } });
    renderDomains();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a domain' }));
    await userEvent.type(screen.getByLabelText('Domain'), 'www.fade.co');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '#your-plan');
  });

  it('Check now turns a pending domain active and shows the live link', async () => {
    const { sent } = fakeApi({
      domains: [domain('www.fade.co', { reason: 'The CNAME record was not found yet.' })],
      verifyTo: { status: 'active', primary: true, checkedAt: '2026-05-01T10:05:00.000Z' },
    });
    renderDomains();
    const pending = await item('www.fade.co');
    expect(within(pending).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(within(pending).getByRole('button', { name: 'Check now' }));

    await waitFor(() => expect(within(pending).getByText('Active')).toBeInTheDocument());
    expect(sent('POST')).toEqual([{ url: `${LIST_URL}/d-www.fade.co/verify`, body: undefined }]);
    expect(within(pending).getByText(/Your site is live at/)).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'https://www.fade.co' })).toHaveAttribute(
      'href',
      'https://www.fade.co',
    );
    expect(within(pending).getByRole('status')).toHaveTextContent('Checked just now: connected.');
    expect(within(pending).queryByRole('table')).not.toBeInTheDocument();
    expect(within(pending).queryByText('The CNAME record was not found yet.')).not.toBeInTheDocument();
  });

  it('asks before removing a domain, then removes it', async () => {
    const { sent } = fakeApi({ domains: [domain('www.fade.co')] });
    renderDomains();
    await userEvent.click(within(await item('www.fade.co')).getByRole('button', { name: 'Remove www.fade.co' }));

    expect(screen.getByText('Remove www.fade.co? It stops leading to your booking page.')).toBeInTheDocument();
    expect(sent('DELETE')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'www.fade.co' })).not.toBeInTheDocument());
    expect(sent('DELETE')).toEqual([{ url: `${LIST_URL}/d-www.fade.co`, body: undefined }]);
    expect(
      screen.getByText("Use your own address, like www.yourshop.com. We'll show you the DNS records to add."),
    ).toBeInTheDocument();
  });

  it('offers Make primary only for a verified domain while another is primary', async () => {
    const { sent } = fakeApi({
      domains: [
        domain('www.fade.co', { status: 'active', primary: true, records: [] }),
        domain('fade.co', { status: 'verified', records: [] }),
        domain('www.fade-co.com'),
      ],
    });
    renderDomains();
    const active = await item('www.fade.co');
    const verified = screen.getByRole('listitem', { name: 'fade.co' });
    expect(within(verified).getByText('Verified')).toBeInTheDocument();
    expect(within(verified).getByText(/Redirects to/)).toHaveTextContent('Redirects to www.fade.co.');
    expect(within(active).queryByRole('button', { name: 'Make primary' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'www.fade-co.com' })).queryByRole('button', { name: 'Make primary' }),
    ).not.toBeInTheDocument();

    await userEvent.click(within(verified).getByRole('button', { name: 'Make primary' }));

    await waitFor(() => expect(within(verified).getByText('Active')).toBeInTheDocument());
    expect(sent('PATCH')).toEqual([{ url: `${LIST_URL}/d-fade.co`, body: { primary: true } }]);
    expect(within(active).getByText('Verified')).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Make primary' })).toBeInTheDocument();
    expect(within(verified).queryByRole('button', { name: 'Make primary' })).not.toBeInTheDocument();
  });

  it('says when the domains could not be loaded and tries again', async () => {
    fakeApi({ failList: true, domains: [domain('www.fade.co')] });
    renderDomains();
    expect(await screen.findByText('Your domains could not be loaded: Something went wrong')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await item('www.fade.co')).toBeInTheDocument();
  });
});
