import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { setTokenSource } from '../../../lib/api-client';
import { fakeMessagingApi, SETTINGS_URL, SHOP_ID, settingsOf } from '../test/fake-messaging-api';
import { TextRemindersCard } from './text-reminders-card';

vi.setConfig({ testTimeout: 20_000 });

function renderCard(settings = settingsOf()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <TextRemindersCard shopId={SHOP_ID} settings={settings} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('TextRemindersCard', () => {
  beforeEach(() => setTokenSource(async () => 'token'));
  afterEach(() => vi.unstubAllGlobals());

  it('says SMS is not set up and disables its toggle, leaving WhatsApp on offer', () => {
    const settings = settingsOf({ provider: { sms: 'not_set_up', whatsapp: 'ready' }, smsEnabled: true });
    fakeMessagingApi({ settings });
    renderCard(settings);

    const sms = screen.getByRole('checkbox', { name: 'Send SMS reminders' });
    expect(sms).toBeDisabled();
    expect(sms).not.toBeChecked();
    expect(sms).toHaveAccessibleDescription('SMS is not set up yet. Reminders go by e-mail until texts are set up.');
    expect(document.body.textContent).not.toMatch(/server log|TWILIO|credentials/i);
    expect(screen.getByRole('checkbox', { name: 'Send WhatsApp reminders' })).toBeEnabled();
    expect(screen.queryByText(/WhatsApp is not set up/)).not.toBeInTheDocument();
  });

  it('shows a saved second reminder in hours', () => {
    fakeMessagingApi();
    renderCard(settingsOf({ secondReminderMinutes: 90 }));
    expect(screen.getByLabelText('Second reminder (hours before)')).toHaveValue(1.5);
  });

  it('shows the first reminder from Booking Settings, quiet hours and the month so far', () => {
    fakeMessagingApi();
    renderCard();
    expect(screen.getByText('First reminder: 24 hours before, set in Booking Settings.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('21:00');
    expect(screen.getByLabelText('To')).toHaveValue('08:00');
    expect(screen.getByText('This month: 12 SMS, 3 WhatsApp sent.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Placeholders' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['{shop}', '{service}', '{barber}', '{date}', '{time}', '{link}', '{phone}']);
  });

  it('saves the toggles, second reminder, quiet hours and templates; a default template goes as null', async () => {
    const { sent } = fakeMessagingApi();
    renderCard(
      settingsOf({
        templates: { confirmation: null, reminder: 'Old reminder text', rescheduled: null, cancellation: null },
      }),
    );

    await userEvent.click(screen.getByRole('checkbox', { name: 'Send WhatsApp reminders' }));
    const second = screen.getByLabelText('Second reminder (hours before)');
    await userEvent.clear(second);
    await userEvent.type(second, '2');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '20:30');
    const confirmation = screen.getByLabelText('Confirmation');
    await userEvent.clear(confirmation);
    await userEvent.type(confirmation, '{{shop}: see you at {{time}!');
    await userEvent.click(screen.getByRole('button', { name: 'Use default reminder' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save text reminders' }));

    expect(await screen.findByText('Text reminders saved')).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([
      {
        url: SETTINGS_URL,
        body: {
          smsEnabled: true,
          whatsappEnabled: true,
          secondReminderMinutes: 120,
          quietStart: '20:30',
          quietEnd: '08:00',
          templates: {
            confirmation: '{shop}: see you at {time}!',
            reminder: null,
            rescheduled: null,
            cancellation: null,
          },
        },
      },
    ]);
  });

  it('leaves a channel that is not set up out of the PATCH', async () => {
    const settings = settingsOf({ provider: { sms: 'not_set_up', whatsapp: 'not_set_up' } });
    const { sent } = fakeMessagingApi({ settings });
    renderCard(settings);
    await userEvent.click(screen.getByRole('button', { name: 'Save text reminders' }));
    await waitFor(() => expect(sent('PATCH')).toHaveLength(1));
    expect(sent('PATCH')[0]!.body).not.toHaveProperty('smsEnabled');
    expect(sent('PATCH')[0]!.body).not.toHaveProperty('whatsappEnabled');
  });

  it('shows what is wrong beside the field and sends nothing', async () => {
    const { sent } = fakeMessagingApi();
    renderCard();
    const second = screen.getByLabelText('Second reminder (hours before)');
    await userEvent.clear(second);
    await userEvent.type(second, '200');
    const cancellation = screen.getByLabelText('Cancellation');
    await userEvent.clear(cancellation);
    await userEvent.type(cancellation, 'Bye');
    await userEvent.click(screen.getByRole('button', { name: 'Save text reminders' }));

    expect(second).toHaveAccessibleDescription(expect.stringContaining('Between 0 and 168 hours (0 sends none)'));
    expect(cancellation).toHaveAccessibleDescription(expect.stringContaining('A message needs at least 10 characters'));
    expect(sent('PATCH')).toEqual([]);
  });

  it("shows the api's refusal in the form and keeps what was typed", async () => {
    const message = 'Quiet hours cannot cover the whole day';
    fakeMessagingApi({
      refuse: { method: 'PATCH', url: SETTINGS_URL, status: 400, body: { error: { code: 'invalid', message } } },
    });
    renderCard();
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '21:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save text reminders' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(to).toHaveValue('21:00');
  });

  it('previews a template filled with a sample appointment, with its length in SMS', async () => {
    const { sent } = fakeMessagingApi();
    renderCard();
    const reminder = screen.getByLabelText('Reminder');
    await userEvent.clear(reminder);
    await userEvent.type(reminder, '{{shop}: see you tomorrow at {{time}');
    await userEvent.click(screen.getByRole('button', { name: 'Preview reminder' }));

    const preview = await screen.findByRole('figure', { name: 'Reminder preview' });
    expect(preview).toHaveTextContent('Fade Co: see you tomorrow at 10:00 AM');
    expect(preview).toHaveTextContent('37 characters · 1 SMS');
    expect(sent('POST')).toEqual([
      { url: `${SETTINGS_URL}/preview`, body: { kind: 'reminder', template: '{shop}: see you tomorrow at {time}' } },
    ]);
  });
});
