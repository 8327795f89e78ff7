import { defaultHours, type ShopPage, type Theme } from '@barberly/common';

/** A complete ShopPage as the api answers it; every field can be overridden. */
export function shopPage(
  slug: string,
  opts: { theme?: Theme; name?: string; version?: number; shop?: Record<string, unknown> } & Partial<
    Pick<ShopPage, 'services' | 'barbers'>
  > = {},
): ShopPage {
  const hours = defaultHours();
  const id = `id-${slug}`;
  return {
    shop: {
      id,
      ownerId: 'owner-1',
      name: opts.name ?? `Shop ${slug}`,
      slug,
      bio: 'Sharp cuts since 1999.',
      address: '1 Test Street, Springfield',
      phoneNumber: '(555) 010-2030',
      theme: opts.theme ?? 'classic',
      primaryColor: '#0F766E',
      logoUrl: '',
      is_active: true,
      hours_json: hours,
      hours,
      branding_json: { font: 'Inter', features: ['Free Wi-Fi', 'Walk-ins welcome'] },
      branding: { font: 'Inter', features: ['Free Wi-Fi', 'Walk-ins welcome'] },
      subdomain_url: '',
      production_url: '',
      version: opts.version ?? 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...opts.shop,
    } as ShopPage['shop'],
    services: opts.services ?? [
      {
        id: 'svc-1',
        shopId: id,
        name: 'Skin Fade',
        description: 'Bald fade, any length on top.',
        price: 40,
        durationMinutes: 45,
      },
      {
        id: 'svc-2',
        shopId: id,
        name: 'Royal Shave',
        description: 'Hot towel and razor.',
        price: 32.5,
        durationMinutes: 90,
      },
    ],
    barbers: opts.barbers ?? [
      { id: 'brb-1', shopId: id, name: 'Marco Polo', bio: 'Fades and designs.', profileImageUrl: '' },
    ],
  };
}
