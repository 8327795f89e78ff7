import {
  type AssistantTextsState,
  type ClientSummary,
  DEFAULT_TEXT_TEMPLATES,
  type MessagingSettings,
  type TextMessage,
} from '@barberly/common';
import { vi } from 'vitest';

export const SHOP_ID = '11111111-1111-4111-8111-111111111111';
export const SETTINGS_URL = `/api/shops/${SHOP_ID}/messaging`;
export const MESSAGES_URL = `/api/shops/${SHOP_ID}/messages`;
export const ASSISTANT_URL = `/api/shops/${SHOP_ID}/messaging/assistant`;
export const TAKEOVER_URL = `${MESSAGES_URL}/takeover`;

/** The dashboard's shop: New York, en-US on a 12-hour clock unless a test says otherwise. */
export function shopOf(over: Record<string, unknown> = {}) {
  return {
    id: SHOP_ID,
    name: 'Fade Co',
    slug: 'fade-co',
    phoneNumber: '+12125550100',
    timeZone: 'America/New_York',
    locale: 'en-US',
    clock: '12h',
    currency: 'USD',
    ...over,
  };
}

export function assistantOf(over: Partial<AssistantTextsState> = {}): AssistantTextsState {
  return { available: false, enabled: false, takeovers: [], proposals: [], ...over };
}

export function clientOf(id: string, name: string, phone: string | null): ClientSummary {
  return {
    id,
    name,
    email: null,
    phone,
    tags: [],
    visits: 1,
    lastVisit: null,
    nextAppointment: null,
    totalSpent: 0,
    noShows: 0,
    usualIntervalDays: null,
    dueDate: null,
    overdue: false,
    lapsed: false,
    erased: false,
  };
}

export function settingsOf(over: Partial<MessagingSettings> = {}): MessagingSettings {
  return {
    provider: { sms: 'ready', whatsapp: 'ready' },
    smsEnabled: true,
    whatsappEnabled: false,
    reminderLeadMinutes: 1440,
    secondReminderMinutes: 0,
    quietStart: '21:00',
    quietEnd: '08:00',
    templates: { confirmation: null, reminder: null, rescheduled: null, cancellation: null },
    defaults: DEFAULT_TEXT_TEMPLATES,
    sentThisMonth: { sms: 12, whatsapp: 3 },
    unread: 0,
    ...over,
  };
}

export function messageOf(id: string, over: Partial<TextMessage> = {}): TextMessage {
  return {
    id,
    direction: 'in',
    channel: 'sms',
    phone: '+15551230001',
    clientName: 'Jordan Lee',
    body: 'C',
    kind: 'confirm',
    status: 'received',
    appointmentId: null,
    createdAt: '2026-05-10T13:00:00.000Z',
    readAt: null,
    ...over,
  };
}

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * The messaging api of one shop behind fetch: the settings, the messages (newest first), marking read, previews
 * (the template with {shop} filled) and sending. `refuse` answers that method and URL with the api's error.
 */
export function fakeMessagingApi(
  opts: {
    settings?: MessagingSettings;
    messages?: TextMessage[];
    refuse?: { method: string; url: string; status: number; body: unknown };
    shop?: Record<string, unknown>;
    assistant?: AssistantTextsState;
    clients?: ClientSummary[];
  } = {},
) {
  let settings = opts.settings ?? settingsOf();
  let messages = opts.messages ?? [];
  let assistant = opts.assistant ?? assistantOf();
  const clients = opts.clients ?? [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (opts.refuse?.method === method && opts.refuse.url === url) return json(opts.refuse.status, opts.refuse.body);
    if (url === SETTINGS_URL && method === 'GET') return json(200, settings);
    if (url === '/api/my/shops' && method === 'GET') return json(200, [shopOf(opts.shop)]);
    if (url === ASSISTANT_URL && method === 'GET') return json(200, assistant);
    if (url === ASSISTANT_URL && method === 'PATCH') {
      assistant = { ...assistant, enabled: body.enabled };
      return json(200, assistant);
    }
    if (url === TAKEOVER_URL && method === 'POST') {
      const takeover = { phone: body.phone, until: '2026-05-11T14:00:00.000Z', reason: 'owner' as const };
      assistant = { ...assistant, takeovers: [takeover] };
      return json(201, takeover);
    }
    if (url.startsWith(`${TAKEOVER_URL}/`) && method === 'DELETE') {
      const phone = decodeURIComponent(url.slice(TAKEOVER_URL.length + 1));
      assistant = { ...assistant, takeovers: assistant.takeovers.filter((t) => t.phone !== phone) };
      return json(204);
    }
    if (url.startsWith(`/api/shops/${SHOP_ID}/clients?`) && method === 'GET') {
      const q = (new URL(url, 'http://x').searchParams.get('q') ?? '').toLowerCase();
      const found = clients.filter((c) => c.name.toLowerCase().includes(q));
      return json(200, { clients: found, total: found.length, page: 1, pageSize: 50, currency: 'USD' });
    }
    if (url === SETTINGS_URL && method === 'PATCH') {
      settings = { ...settings, ...body, templates: { ...settings.templates, ...body.templates } };
      return json(200, settings);
    }
    if (url === `${SETTINGS_URL}/preview` && method === 'POST') {
      const template: string = body.template ?? settings.defaults[body.kind as keyof MessagingSettings['defaults']];
      return json(200, { text: template.replace('{shop}', 'Fade Co').replace('{time}', '10:00 AM') });
    }
    if (url === MESSAGES_URL && method === 'GET') return json(200, messages);
    if (url === `${MESSAGES_URL}/read` && method === 'POST') {
      messages = messages.map((m) => (m.direction === 'in' ? { ...m, readAt: '2026-05-10T14:00:00.000Z' } : m));
      settings = { ...settings, unread: 0 };
      return json(200, { unread: 0 });
    }
    if (url === MESSAGES_URL && method === 'POST') {
      const sent = messageOf(`m${messages.length + 1}`, {
        direction: 'out',
        phone: body.phone,
        channel: body.channel,
        body: body.body,
        kind: 'reply',
        status: 'sent',
        createdAt: '2026-05-10T14:05:00.000Z',
      });
      messages = [sent, ...messages];
      return json(201, sent);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const sent = (method: string, url?: string) =>
    fetchMock.mock.calls
      .filter(([u, init]) => (init?.method ?? 'GET') === method && (url === undefined || String(u) === url))
      .map(([u, init]) => ({ url: String(u), body: init?.body ? JSON.parse(String(init.body)) : undefined }));
  return { fetchMock, sent };
}
