import { formatDayHours } from '@barberly/common';
import { describe, expect, it } from 'vitest';
import { shopPage } from '../test/fixtures';
import { buildShopView } from './shop-view';

const ctx = { now: new Date('2027-03-01T12:00:00Z'), canonicalUrl: 'http://joes.localhost:3000/', homeUrl: '/' };

function view(page: unknown) {
  const result = buildShopView(page, ctx);
  if (result.kind !== 'ok') throw new Error('expected a complete shop');
  return result.view;
}

describe("buildShopView: the spec's public page template rule", () => {
  it('takes the theme from template info, then stored branding, then the shop', () => {
    const base = shopPage('joes', { theme: 'classic' });
    expect(view(base).theme).toBe('classic');
    expect(view({ ...base, shop: { ...base.shop, branding_json: { template: 'Urban Vibes' } } }).theme).toBe('urban');
    expect(
      view({
        ...base,
        shop: { ...base.shop, template_info: { name: 'minimal' }, branding_json: { template: 'urban' } },
      }).theme,
    ).toBe('minimalist');
  });

  it('takes the colour from template info branding, stored branding, branding, then primaryColor, else #1E293B', () => {
    const base = shopPage('joes');
    const shop = base.shop;
    expect(view(base).primaryColor).toBe('#0F766E');
    expect(view({ ...base, shop: { ...shop, branding: { primary_color: '#111111' } } }).primaryColor).toBe('#111111');
    expect(
      view({
        ...base,
        shop: { ...shop, branding: { primary_color: '#111111' }, branding_json: { primary_color: '#222222' } },
      }).primaryColor,
    ).toBe('#222222');
    expect(
      view({
        ...base,
        shop: {
          ...shop,
          template_info: { branding: { primary_color: '#333333' } },
          branding_json: { primary_color: '#222222' },
        },
      }).primaryColor,
    ).toBe('#333333');
    expect(view({ ...base, shop: { ...shop, primaryColor: 'url(javascript:x)' } }).primaryColor).toBe('#1E293B');
  });
});

describe('buildShopView: content', () => {
  it("lists hours Monday to Sunday, a day without an entry as closed, and a malformed time as unknown ('N/A')", () => {
    const base = shopPage('joes');
    const { wednesday: _dropped, ...rest } = base.shop.hours_json;
    const hours = { ...rest, tuesday: { open: '25:00', close: '18:00', closed: false } };
    const days = view({ ...base, shop: { ...base.shop, hours_json: hours } }).hours;
    expect(days.map((d) => d.label)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(days[0]).toMatchObject({ closed: false, open: '09:00', close: '18:00' });
    expect(days[1]).toMatchObject({ closed: false, open: '', close: '18:00' });
    expect(formatDayHours(days[1])).toBe('N/A - 6:00 PM');
    expect(days[2]?.closed).toBe(true);
    expect(days[6]?.closed).toBe(true);
  });

  it('drops logo and photo URLs that are not http(s), and links phone and directions', () => {
    const base = shopPage('joes', {
      barbers: [{ id: 'b1', shopId: 's', name: 'Ann Lee', bio: '', profileImageUrl: 'javascript:alert(1)' }],
    });
    const v = view({ ...base, shop: { ...base.shop, logoUrl: 'data:image/png;base64,AA' } });
    expect(v.shop.logoUrl).toBeNull();
    expect(v.barbers[0]).toMatchObject({ firstName: 'Ann', imageUrl: null });
    expect(v.shop.phoneHref).toBe('tel:5550102030');
    expect(v.shop.directionsUrl).toContain('destination=1%20Test%20Street');
    expect(v.year).toBe(2027);
  });

  it("writes the shop's phone the way its country does, whatever way it was typed", () => {
    const base = shopPage('joes');
    const typed = (phoneNumber: string, locale = 'en-US') =>
      view({ ...base, shop: { ...base.shop, phoneNumber, locale } }).shop;
    expect(typed('718.555.0100').phone).toBe('(718) 555-0100');
    expect(typed('+1 718 555 0100').phone).toBe('(718) 555-0100');
    expect(typed('+44 20 7946 0958', 'en-GB').phone).toBe('020 7946 0958');
    expect(typed('0612345678', 'fr-FR').phone).toBe('06 12 34 56 78');
    // Not a number: shown as typed.
    expect(typed('ask at the desk').phone).toBe('ask at the desk');
    expect(typed('718.555.0100').phoneHref).toBe('tel:7185550100');
  });

  it("calls a record without a shop name or slug incomplete (the 'No Shop Data' screen)", () => {
    expect(buildShopView({ shop: { slug: 'x' } }, ctx).kind).toBe('incomplete');
    expect(buildShopView({ shop: null }, ctx).kind).toBe('incomplete');
    expect(buildShopView(null, ctx).kind).toBe('incomplete');
  });

  it("carries the shop's currency, locale and clock, and USD, en-US, 12h for a record without them", () => {
    expect(view(shopPage('joes')).display).toEqual({ currency: 'USD', locale: 'en-US', clock: '12h' });
    expect(view(shopPage('paris', { shop: { currency: 'eur', locale: 'fr-FR', clock: '24h' } })).display).toEqual({
      currency: 'EUR',
      locale: 'fr-FR',
      clock: '24h',
    });
    expect(view(shopPage('odd', { shop: { currency: 'euros', locale: '<script>', clock: '25h' } })).display).toEqual({
      currency: 'USD',
      locale: 'en-US',
      clock: '12h',
    });
  });

  it('carries who does what (issue 14), never a buffer, and the waitlist and repeat flags only when the api sent true', () => {
    const page = shopPage('joes', {
      shop: { clientsMayRepeat: true, waitlistEnabled: true },
      services: [
        { id: 's1', shopId: 'x', name: 'Cut', description: '', price: 25, durationMinutes: 30, bufferMinutes: 10 },
      ],
      barbers: [
        { id: 'b1', shopId: 'x', name: 'Ann Lee', bio: '', profileImageUrl: '' },
        {
          id: 'b2',
          shopId: 'x',
          name: 'Bo Ray',
          bio: '',
          profileImageUrl: '',
          offersAllServices: false,
          services: [
            { serviceId: 's1', durationMinutes: 40, price: null },
            { serviceId: '', durationMinutes: 10, price: 1 },
            { serviceId: 's2', durationMinutes: -5, price: -1 },
          ],
        },
      ],
    });
    const v = view(page);
    expect(v.barbers[0]).toMatchObject({ offersAllServices: true, offers: [] });
    expect(v.barbers[1]).toMatchObject({
      offersAllServices: false,
      offers: [
        { serviceId: 's1', durationMinutes: 40, price: null },
        { serviceId: 's2', durationMinutes: null, price: null },
      ],
    });
    expect(JSON.stringify(v.services)).not.toContain('buffer');
    expect(v).toMatchObject({ clientsMayRepeat: true, waitlistEnabled: true });
    expect(view(shopPage('old'))).toMatchObject({ clientsMayRepeat: false, waitlistEnabled: false });
  });
});
