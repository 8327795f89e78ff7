import type { ShopTextSender } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { OperatorTextSenderButton } from './operator-text-sender';

vi.setConfig({ testTimeout: 20_000 });

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const URL_ = `/api/admin/shops/${SHOP_ID}/text-sender`;
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const view = (over: Partial<ShopTextSender> = {}): ShopTextSender => ({
  kind: 'shared',
  number: null,
  countries: ['US'],
  custom: false,
  homeCountry: 'US',
  ...over,
});

let calls: Array<{ method: string; body: unknown }>;
function fakeApi(put: (body: Record<string, unknown>) => Response) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, body });
      if (url !== URL_) return answer(404, { error: { code: 'not_found', message: 'Not found' } });
      if (method === 'GET') return answer(200, view());
      if (method === 'PUT') return put(body);
      return answer(200, view());
    }),
  );
}

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OperatorTextSenderButton shopId={SHOP_ID} shopName="Fade Factory" />
    </QueryClientProvider>,
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Text sender of Fade Factory' }));
  const dialog = await screen.findByRole('dialog', { name: 'Text sender of Fade Factory' });
  expect(await within(dialog).findByText(/^Now:/)).toHaveTextContent("Now: Barberly's shared sender");
  return dialog;
}

beforeEach(() => setTokenSource(async () => 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('the text sender in the operator console', () => {
  it("gives a shop a number the account owns, and says the api's refusal beside the field", async () => {
    fakeApi((body) =>
      body.phoneNumber === '12345'
        ? answer(400, {
            error: {
              code: 'invalid_input',
              message: 'Enter the number in E.164 form, such as +14155550123',
              fields: { phoneNumber: 'Enter the number in E.164 form, such as +14155550123' },
            },
          })
        : answer(200, view({ kind: 'number', number: String(body.phoneNumber) })),
    );
    renderButton();
    const dialog = await openDialog();
    const field = within(dialog).getByLabelText('Number (E.164)');
    await userEvent.type(field, '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save sender' }));
    expect((await within(dialog).findAllByRole('alert'))[0]).toHaveTextContent(/E\.164 form/);
    expect(field).toHaveAccessibleDescription(/Enter the number in E.164 form/);

    await userEvent.clear(field);
    await userEvent.type(field, '+13125550199');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save sender' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved: Its own number, +13125550199.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { phoneNumber: '12345' },
      { phoneNumber: '+13125550199' },
    ]);
  });

  it('buys a number in the chosen country, and puts a shop back on the shared sender', async () => {
    fakeApi(() => answer(200, view({ kind: 'number', number: '+442071234567' })));
    renderButton();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A new number bought from Twilio now' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Country'), 'GB');
    await userEvent.type(within(dialog).getByLabelText('Area code (optional)'), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy and use' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Its own number, +442071234567');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ buy: { country: 'GB', areaCode: '20' } });

    await userEvent.click(within(dialog).getByRole('radio', { name: "Barberly's shared sender" }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save sender' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent("Saved: Barberly's shared sender.");
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
