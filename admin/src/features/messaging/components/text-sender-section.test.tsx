import type { ShopTextSender } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { setTokenSource } from '../../../lib/api-client';
import { TextSenderSection } from './text-sender-section';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const SENDER_URL = `/api/shops/${SHOP_ID}/messaging/sender`;
const COUNTRIES_URL = `/api/shops/${SHOP_ID}/messaging/countries`;

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function senderOf(over: Partial<ShopTextSender> = {}): ShopTextSender {
  return { kind: 'shared', number: null, countries: ['US'], custom: false, homeCountry: 'US', ...over };
}

function fakeApi(initial: ShopTextSender, refuse?: { status: number; message: string }) {
  let sender = initial;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === SENDER_URL && method === 'GET') return json(200, sender);
    if (url === COUNTRIES_URL && method === 'PUT') {
      if (refuse) return json(refuse.status, { error: { code: 'invalid_input', message: refuse.message } });
      const { countries } = JSON.parse(String(init?.body)) as { countries: string[] | null };
      sender = { ...sender, countries: countries ?? [sender.homeCountry], custom: countries !== null };
      return json(200, sender);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const puts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { puts };
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <TextSenderSection shopId={SHOP_ID} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Countries you text' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('TextSenderSection', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('says texts come from the shared number, and whose replies reach the shop; its own country by default', async () => {
    fakeApi(senderOf());
    renderSection();
    expect(await screen.findByText(/Barberly's shared number/)).toHaveTextContent(
      "A client's reply reaches you when you texted them in the last 30 days",
    );
    expect(listed()).toEqual(['United States']);
    // The only country cannot be removed; nothing to save yet.
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save countries' })).toBeDisabled();
  });

  it('shows the shop’s own number', async () => {
    fakeApi(senderOf({ kind: 'number', number: '+13125550199' }));
    renderSection();
    expect(await screen.findByText('+13125550199')).toBeInTheDocument();
    expect(screen.getByText(/Every reply to it reaches you/)).toBeInTheDocument();
  });

  it('adds a country and saves the list; going back to the own country sends null', async () => {
    const user = userEvent.setup();
    const { puts } = fakeApi(senderOf());
    renderSection();
    await user.selectOptions(await screen.findByLabelText('Add a country'), 'GB');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(listed()).toEqual(['United States', 'United Kingdom']);
    await user.click(screen.getByRole('button', { name: 'Save countries' }));
    expect(await screen.findByText('Countries saved')).toBeInTheDocument();
    expect(puts()).toEqual([{ countries: ['US', 'GB'] }]);

    await user.click(await screen.findByRole('button', { name: 'Only United States' }));
    expect(puts()).toEqual([{ countries: ['US', 'GB'] }, { countries: null }]);
    expect(await screen.findByRole('list', { name: 'Countries you text' })).toBeInTheDocument();
  });

  it('keeps the list and says why when saving fails', async () => {
    const user = userEvent.setup();
    fakeApi(senderOf(), { status: 400, message: 'Choose a country from the list' });
    renderSection();
    await user.selectOptions(await screen.findByLabelText('Add a country'), 'FR');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save countries' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a country from the list');
    expect(listed()).toEqual(['United States', 'France']);
  });

  it('offers to try again when the sender cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: { code: 'internal', message: 'Something went wrong' } })),
    );
    renderSection();
    expect(await screen.findByText(/The sender could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
