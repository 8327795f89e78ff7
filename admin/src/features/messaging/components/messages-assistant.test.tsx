import { ASSISTANT_MESSAGES, OPERATOR_ASSISTANT_DOCS } from '@barberly/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { setTokenSource } from '../../../lib/api-client';
import {
  ASSISTANT_URL,
  assistantOf,
  clientOf,
  fakeMessagingApi,
  MESSAGES_URL,
  messageOf,
  settingsOf,
  TAKEOVER_URL,
} from '../test/fake-messaging-api';
import { MessagesTab } from './messages-tab';

vi.setConfig({ testTimeout: 20_000 });

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <MessagesTab shopId="11111111-1111-4111-8111-111111111111" />
      <Toaster />
    </QueryClientProvider>,
  );
}

const JORDAN = '+12125550147';
const ASKED = messageOf('m1', {
  phone: JORDAN,
  clientName: 'Jordan Lee',
  body: 'Can I move to Friday?',
  kind: 'message',
  createdAt: '2026-11-28T14:30:00.000Z',
  readAt: '2026-11-28T14:30:00.000Z',
});
const ANSWERED = messageOf('m2', {
  direction: 'out',
  phone: JORDAN,
  clientName: 'Jordan Lee',
  body: 'I can move you to Friday at 10:00.\nMove Jordan Lee?s Skin Fade? Reply YES to confirm or NO to cancel.',
  kind: 'assistant',
  status: 'delivered',
  createdAt: '2026-11-28T14:31:00.000Z',
});
const PENDING = {
  id: 'p1',
  phone: JORDAN,
  summary: "Move Jordan Lee's Skin Fade to Friday, November 28, 2026 at 10:00 AM",
  status: 'pending' as const,
  createdAt: '2026-11-28T14:31:00.000Z',
  expiresAt: '2026-11-28T14:46:00.000Z',
};

describe('Messages: the assistant in the inbox', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it("marks the assistant's answers, lists proposals waiting for the client's YES, and dates them the shop's way", async () => {
    fakeMessagingApi({
      messages: [ANSWERED, ASKED],
      assistant: assistantOf({ available: true, enabled: true, proposals: [PENDING] }),
      shop: { timeZone: 'Europe/London', locale: 'en-GB', clock: '24h' },
    });
    renderTab();

    const list = await screen.findByRole('list', { name: 'Messages' });
    const [answer, question] = within(list).getAllByRole('listitem');
    expect(answer).toHaveTextContent('Assistant');
    expect(answer).toHaveTextContent("Assistant's answer");
    expect(question).not.toHaveTextContent("Assistant's answer");
    // The shop's clock and locale: 14:30 in London, never 2026-11-28.
    expect(within(question!).getByText('28 Nov, 14:30')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/2026-11-28/);

    const waiting = await screen.findByRole('region', { name: "Waiting for the client's YES" });
    expect(within(waiting).getByTestId('waiting-proposal')).toHaveTextContent(
      "Jordan Lee: Move Jordan Lee's Skin Fade to Friday, November 28, 2026 at 10:00 AM (lapses 28 Nov, 14:46)",
    );
  });

  it('takes over a conversation and gives it back', async () => {
    const { sent } = fakeMessagingApi({
      messages: [ASKED],
      assistant: assistantOf({ available: true, enabled: true }),
    });
    renderTab();

    await userEvent.click(await screen.findByRole('button', { name: 'Take over the conversation with Jordan Lee' }));
    expect(sent('POST', TAKEOVER_URL)).toEqual([{ url: TAKEOVER_URL, body: { phone: JORDAN } }]);
    expect(
      await screen.findByText('You have this conversation; the assistant is silent until May 11, 10:00 AM.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Let the assistant answer Jordan Lee again' }));
    await waitFor(() => expect(sent('DELETE')).toEqual([{ url: `${TAKEOVER_URL}/%2B12125550147`, body: undefined }]));
    expect(await screen.findByRole('button', { name: 'Take over the conversation with Jordan Lee' })).toBeEnabled();
  });

  it('offers no takeover while the assistant does not answer texts', async () => {
    fakeMessagingApi({ messages: [ASKED], assistant: assistantOf({ available: true, enabled: false }) });
    renderTab();
    await screen.findByRole('button', { name: 'Reply to Jordan Lee' });
    expect(screen.queryByRole('button', { name: /Take over/ })).not.toBeInTheDocument();
  });
});

describe('Messages: "The assistant answers texts"', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('is off by default and the owner turns it on', async () => {
    const { sent } = fakeMessagingApi({ assistant: assistantOf({ available: true }) });
    renderTab();
    const toggle = await screen.findByRole('checkbox', { name: 'The assistant answers texts' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(sent('PATCH', ASSISTANT_URL)).toEqual([{ url: ASSISTANT_URL, body: { enabled: true } }]);
  });

  it('moves back and says why when the change is refused', async () => {
    const message = 'Only the owner of this shop can change it.';
    fakeMessagingApi({
      assistant: assistantOf({ available: true }),
      refuse: { method: 'PATCH', url: ASSISTANT_URL, status: 403, body: { error: { code: 'forbidden', message } } },
    });
    renderTab();
    const toggle = await screen.findByRole('checkbox', { name: 'The assistant answers texts' });
    await userEvent.click(toggle);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('cannot be turned on without a model, and says so in plain words; operators get the docs', async () => {
    fakeMessagingApi({ assistant: assistantOf({ available: false }) });
    const { unmount } = renderTab();
    const toggle = await screen.findByRole('checkbox', { name: 'The assistant answers texts' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(ASSISTANT_MESSAGES.notSetUp);
    expect(toggle).toHaveAccessibleDescription(
      'The assistant is not connected yet. Your Barberly administrator can connect one.',
    );
    expect(screen.queryByRole('link', { name: /operator docs/ })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/LLM_|TWILIO|server log|npm /);
    unmount();
    vi.unstubAllGlobals();

    fakeMessagingApi({ assistant: assistantOf({ available: false, operatorDocs: OPERATOR_ASSISTANT_DOCS }) });
    renderTab();
    expect(await screen.findByRole('link', { name: 'How to connect a model (operator docs)' })).toHaveAttribute(
      'href',
      OPERATOR_ASSISTANT_DOCS,
    );
  });
});

describe('Messages: writing to a client', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('picks the client by name, not by typing a phone number', async () => {
    const { sent } = fakeMessagingApi({
      clients: [
        clientOf('c1', 'Jordan Lee', JORDAN),
        clientOf('c2', 'Jordan Walk-in', null),
        clientOf('c3', 'Riley Kim', '+12125550199'),
      ],
    });
    renderTab();
    const to = await screen.findByRole('combobox', { name: 'To' });
    await userEvent.type(to, 'jor');
    const options = await within(await screen.findByRole('listbox', { name: 'Matching clients' })).findAllByRole(
      'option',
    );
    // Only clients a text can reach (with a phone number), named, with their number as the shop writes it.
    expect(options.map((o) => o.textContent)).toEqual(['Jordan Lee(212) 555-0147']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('text-recipient')).toHaveTextContent('Jordan Lee · (212) 555-0147');

    await userEvent.type(screen.getByLabelText('Message'), 'See you Friday!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(sent('POST', MESSAGES_URL)).toEqual([
      { url: MESSAGES_URL, body: { phone: JORDAN, channel: 'sms', body: 'See you Friday!' } },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Change client (now Jordan Lee)' }));
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('');
  });

  it('says when no client matches', async () => {
    fakeMessagingApi({ clients: [clientOf('c1', 'Jordan Lee', JORDAN)] });
    renderTab();
    await userEvent.type(await screen.findByRole('combobox', { name: 'To' }), 'zed');
    expect(await screen.findByText('No client with a phone number matches “zed”.')).toBeInTheDocument();
  });

  it('disables Send, with the reason, while texts are not set up', async () => {
    const { sent } = fakeMessagingApi({
      settings: settingsOf({ provider: { sms: 'not_set_up', whatsapp: 'not_set_up' } }),
      messages: [ASKED],
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Jordan Lee' }));
    await userEvent.keyboard('Hello');
    const send = screen.getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveAccessibleDescription(
      'SMS texts are not set up yet, so messages cannot be sent. Reminders go by e-mail until texts are set up.',
    );
    expect(sent('POST', MESSAGES_URL)).toEqual([]);
  });
});
