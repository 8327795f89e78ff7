import type { AppointmentHistory as History } from '@barberly/common';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../../../lib/api-client';
import { fakeApi, on, renderWithApi } from '../../../test/fake-api.test-helper';
import { AppointmentHistory } from './appointment-history';

const SHOP_ID = '11111111-1111-4111-8111-111111111111';
const ID = '99999999-9999-4999-8999-999999999999';
const URL = `/api/shops/${SHOP_ID}/appointments/${ID}/events`;
const event = (id: string, text: string, at: string) => ({
  id,
  type: 'booked' as const,
  at,
  actor: { kind: 'client' as const, name: null },
  via: null,
  reason: null,
  before: null,
  after: null,
  text,
});
const HISTORY: History = {
  appointmentId: ID,
  timeZone: 'America/New_York',
  events: [
    event('a', 'Booked online by the client', '2026-11-03T15:02:00.000Z'),
    event('b', 'Moved to 4:30 PM by Marcus', '2026-11-04T14:15:00.000Z'),
    event('c', 'Reminder sent by SMS, delivered', '2026-11-05T16:30:00.000Z'),
  ],
};

beforeEach(() => setTokenSource(async () => 'token'));
afterEach(() => vi.unstubAllGlobals());

describe('AppointmentHistory', () => {
  it('reads the history when opened, each line with its time in the shop zone', async () => {
    const api = fakeApi(on('GET', URL, HISTORY));
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithApi(<AppointmentHistory shopId={SHOP_ID} appointmentId={ID} />);
    // Folded: nothing is asked until the owner opens it.
    expect(api.requests).toHaveLength(0);
    await userEvent.click(screen.getByText('History'));
    const lines = await screen.findAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Booked online by the client, 3 Nov 10:02',
      'Moved to 4:30 PM by Marcus, 4 Nov 9:15',
      'Reminder sent by SMS, delivered, 5 Nov 11:30',
    ]);
  });

  it('says so when the history cannot be read', async () => {
    vi.stubGlobal('fetch', fakeApi().fetchMock);
    renderWithApi(<AppointmentHistory shopId={SHOP_ID} appointmentId={ID} />);
    await userEvent.click(screen.getByText('History'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The history could not be loaded: Not found');
  });
});
