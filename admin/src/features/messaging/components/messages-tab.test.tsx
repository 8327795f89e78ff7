import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from '../../../components/ui/tabs';
import { Toaster } from '../../../components/ui/toaster';
import { setTokenSource } from '../../../lib/api-client';
import { fakeMessagingApi, MESSAGES_URL, messageOf, SHOP_ID, settingsOf } from '../test/fake-messaging-api';
import { MessagesTab, MessagesTabLabel } from './messages-tab';

vi.setConfig({ testTimeout: 20_000 });

/** The dashboard's tabs as app/ composes them: Overview first, Messages with its label. */
function Dashboard() {
  const [tab, setTab] = useState<'overview' | 'messages'>('overview');
  return (
    <Tabs
      label="Shop management"
      value={tab}
      onChange={setTab}
      items={[
        { key: 'overview', label: 'Overview', panel: <p>Overview</p> },
        { key: 'messages', label: <MessagesTabLabel shopId={SHOP_ID} />, panel: <MessagesTab shopId={SHOP_ID} /> },
      ]}
    />
  );
}

function renderDashboard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <Dashboard />
      <Toaster />
    </QueryClientProvider>,
  );
}

const JORDAN_REPLY = messageOf('m3', { body: 'Running 5 min late, sorry', createdAt: '2026-05-10T13:30:00.000Z' });
const RILEY_CONFIRM = messageOf('m2', {
  phone: '+15551230002',
  clientName: null,
  channel: 'whatsapp',
  body: 'C',
  createdAt: '2026-05-10T13:10:00.000Z',
});
const REMINDER = messageOf('m1', {
  direction: 'out',
  body: 'Fade Co: reminder of Skin Fade with Sam on May 11 at 10:00 AM.',
  kind: 'reminder',
  status: 'delivered',
  createdAt: '2026-05-10T13:00:00.000Z',
});
const OLD_THANKS = messageOf('m0', { body: 'Thanks!', readAt: '2026-05-09T10:00:00.000Z' });
/** Riley's number as a US shop writes it. */
const RILEY_SHOWN = '(555) 123-0002';

const openMessages = async () => userEvent.click(await screen.findByRole('tab', { name: /^Messages/ }));

describe('Messages tab', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread count on the tab, and opening it marks them read once and highlights them', async () => {
    const { sent } = fakeMessagingApi({
      settings: settingsOf({ unread: 2 }),
      messages: [JORDAN_REPLY, RILEY_CONFIRM, REMINDER, OLD_THANKS],
    });
    renderDashboard();
    expect(await screen.findByRole('tab', { name: 'Messages, 2 unread' })).toBeInTheDocument();
    expect(sent('POST')).toEqual([]);

    await openMessages();

    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Jordan Lee',
      RILEY_SHOWN,
      'Jordan Lee',
      'Jordan Lee',
    ]);
    expect(items[0]).toHaveTextContent('New');
    expect(items[0]).toHaveTextContent('SMS from client');
    expect(items[0]).toHaveTextContent('Running 5 min late, sorry');
    expect(items[1]).toHaveTextContent('New');
    expect(items[1]).toHaveTextContent('WhatsApp from client');
    expect(items[2]).toHaveTextContent('SMS to client');
    expect(items[2]).toHaveTextContent('Reminder');
    expect(items[2]).toHaveTextContent('Status: Delivered');
    expect(items[2]).not.toHaveTextContent('New');
    expect(items[3]).not.toHaveTextContent('New');
    expect(within(items[0]!).getByText(/May 10/)).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Messages' })).toBeInTheDocument());
    expect(sent('POST')).toEqual([{ url: `${MESSAGES_URL}/read`, body: undefined }]);
    expect(items[0]).toHaveTextContent('New');
  });

  it('says when there are no messages yet', async () => {
    fakeMessagingApi();
    renderDashboard();
    await openMessages();
    expect(
      await screen.findByText("No messages yet. Clients' replies to your reminders appear here."),
    ).toBeInTheDocument();
  });

  it('Reply picks the client and channel; sending shows the new message at the top', async () => {
    const { sent } = fakeMessagingApi({ messages: [RILEY_CONFIRM] });
    renderDashboard();
    await openMessages();
    await userEvent.click(await screen.findByRole('button', { name: `Reply to ${RILEY_SHOWN}` }));

    expect(screen.getByTestId('text-recipient')).toHaveTextContent(RILEY_SHOWN);
    expect(screen.getByLabelText('Channel')).toHaveValue('whatsapp');
    expect(screen.getByLabelText('Message')).toHaveFocus();
    await userEvent.keyboard('Thanks, see you tomorrow!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(sent('POST', MESSAGES_URL)).toEqual([
      { url: MESSAGES_URL, body: { phone: '+15551230002', channel: 'whatsapp', body: 'Thanks, see you tomorrow!' } },
    ]);
    const first = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Thanks, see you tomorrow!');
    expect(first).toHaveTextContent('WhatsApp to client');
    expect(first).toHaveTextContent('Your reply');
    expect(first).toHaveTextContent('Status: Sent');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("shows an opted-out number's refusal in the form and keeps the message", async () => {
    const message = 'This number has opted out of texts from your shop';
    fakeMessagingApi({
      messages: [JORDAN_REPLY],
      refuse: { method: 'POST', url: MESSAGES_URL, status: 409, body: { error: { code: 'opted_out', message } } },
    });
    renderDashboard();
    await openMessages();
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Jordan Lee' }));
    await userEvent.keyboard('Are you still coming?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Message')).toHaveValue('Are you still coming?');
    expect(within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('asks for a client and a message before sending', async () => {
    const { sent } = fakeMessagingApi();
    renderDashboard();
    await openMessages();
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose a client'),
    );
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Write a message');
    expect(sent('POST', MESSAGES_URL)).toEqual([]);
  });

  it('shows the text reminder settings under the messages', async () => {
    fakeMessagingApi({ settings: settingsOf({ provider: { sms: 'not_set_up', whatsapp: 'not_set_up' } }) });
    renderDashboard();
    await openMessages();
    const form = await screen.findByRole('form', { name: 'Text reminders' });
    expect(within(form).getByRole('checkbox', { name: 'Send WhatsApp reminders' })).toBeDisabled();
    expect(
      within(form).getByText('WhatsApp is not set up yet. Reminders go by e-mail until texts are set up.'),
    ).toBeInTheDocument();
  });

  it('says when the messages could not be loaded and tries again', async () => {
    const { fetchMock } = fakeMessagingApi({ messages: [OLD_THANKS] });
    const answer = fetchMock.getMockImplementation()!;
    let failed = false;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url) === MESSAGES_URL && !failed) {
        failed = true;
        return new Response(JSON.stringify({ error: { code: 'internal', message: 'Something went wrong' } }), {
          status: 500,
        });
      }
      return answer(url, init);
    });
    renderDashboard();
    await openMessages();
    const shown = await screen.findByText('Your messages could not be loaded: Something went wrong');
    await userEvent.click(within(shown.parentElement!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Thanks!')).toBeInTheDocument();
  });
});
