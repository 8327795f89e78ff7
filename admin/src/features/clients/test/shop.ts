import { defaultHours, type Shop } from '@barberly/common';
import { SHOP_ID } from './fake-clients-api';

/** A shop in Paris that writes euros the French way, on a 24-hour clock. */
export function parisShop(over: Partial<Shop> = {}): Shop {
  const hours = defaultHours();
  return {
    id: SHOP_ID,
    ownerId: 'owner-1',
    name: 'Fade Co',
    slug: 'fade-co',
    bio: '',
    address: '',
    phoneNumber: '',
    theme: 'classic',
    primaryColor: '#f59e0b',
    logoUrl: '',
    is_active: true,
    hours_json: hours,
    branding_json: {},
    hours,
    branding: {},
    subdomain_url: '',
    production_url: '',
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    timeZone: 'Europe/Paris',
    currency: 'EUR',
    locale: 'fr-FR',
    clock: '24h',
    ...over,
  };
}
