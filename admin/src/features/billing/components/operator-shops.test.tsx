import { OPERATOR_MESSAGES } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { OperatorShops } from './operator-shops';

vi.setConfig({ testTimeout: 20_000 });

const EMAIL = 'ops@barberly.test';
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unverified = () =>
  answer(403, { error: { code: 'operator_unverified', message: OPERATOR_MESSAGES.unverified(EMAIL) } });
const SHOP = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Fade Factory',
  slug: 'fade-factory',
  plan: 'premium',
  status: 'trialing',
  trialEndsAt: '2026-12-15T00:00:00.000Z',
  barbersUsed: 1,
  maxBarbers: 8,
};

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/shops', element: <OperatorShops /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setTokenSource(async () => 'token');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the operator console', () => {
  it('tells an unproven operator what to do, and mails the link on request', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/api/admin/verify-email')
        ? answer(200, { message: OPERATOR_MESSAGES.proofSent(EMAIL) })
        : unverified(),
    );
    renderAt('/admin/shops');
    expect(await screen.findByRole('heading', { name: 'Prove your address' })).toBeInTheDocument();
    expect(screen.getByText(OPERATOR_MESSAGES.unverified(EMAIL))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(OPERATOR_MESSAGES.proofSent(EMAIL));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('proves the address from the link, then shows the shops', async () => {
    let proven = false;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/admin/verify-email/confirm')) {
        expect(JSON.parse(String(init?.body))).toEqual({ token: 'the-token-from-the-mail-0123456789' });
        proven = true;
        return answer(200, { message: OPERATOR_MESSAGES.proven });
      }
      return proven ? answer(200, { shops: [SHOP] }) : unverified();
    });
    const router = renderAt('/admin/shops?proof=the-token-from-the-mail-0123456789');
    expect(await screen.findByText('Fade Factory')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(OPERATOR_MESSAGES.proven);
    // The token leaves the address bar once used.
    expect(router.state.location.search).toBe('');
  });
});
