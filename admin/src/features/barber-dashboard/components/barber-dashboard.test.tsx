import type { Appointment } from '@barberly/common';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UpcomingList } from './barber-dashboard';

const appointment = (shop: Partial<Appointment['shop']>): Appointment =>
  ({
    id: 'a1',
    status: 'confirmed',
    start: '2026-12-04T13:30:00Z',
    end: '2026-12-04T14:00:00Z',
    localDate: '2026-12-04',
    localTime: '2:30 PM',
    service: { id: 's1', name: 'Haircut', durationMinutes: 30, price: 30 },
    barber: { id: 'b1', name: 'Marco', profileImageUrl: '' },
    shop: { id: 'p1', slug: 'p', name: 'P', address: '', phoneNumber: '', timeZone: 'Europe/Paris', ...shop },
    client: { name: 'Ana', email: 'ana@example.com', phone: '' },
    note: '',
    source: 'online',
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
  }) as Appointment;

describe("the barber's upcoming list (issue 13)", () => {
  it("writes times on the shop's clock", () => {
    render(<UpcomingList appointments={[appointment({ locale: 'fr-FR', clock: '24h' })]} />);
    expect(screen.getByText('14:30')).toBeTruthy();
  });

  it('keeps the 12-hour clock for shops that use it', () => {
    render(<UpcomingList appointments={[appointment({})]} />);
    expect(screen.getByText('2:30 PM')).toBeTruthy();
  });
});
