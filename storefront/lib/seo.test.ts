import { describe, expect, it } from 'vitest';
import { shopPage } from '../test/fixtures';
import { serializeJsonLd, shopDescription, shopJsonLd, shopTitle } from './seo';
import { buildShopView } from './shop-view';

describe('shopTitle', () => {
  it("uses each template's browser title, and 'Book Appointments' without one", () => {
    expect(shopTitle("Joe's", 'classic')).toBe("Joe's | Classic Barbershop");
    expect(shopTitle("Joe's", 'urban')).toBe("Joe's | Modern Haircuts & Styling");
    expect(shopTitle("Joe's", 'minimalist')).toBe("Joe's | Book Online");
    expect(shopTitle("Joe's", null)).toBe("Joe's | Book Appointments");
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element it sits in', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script> & \u2028' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  });
});

describe('shopJsonLd and shopDescription', () => {
  const result = buildShopView(shopPage('joes', { shop: { bio: '' } }), {
    now: new Date(),
    canonicalUrl: 'http://joes.localhost:3000/',
    homeUrl: '/',
  });
  if (result.kind !== 'ok') throw new Error('fixture incomplete');

  it('describes a shop without a bio by what it offers and where', () => {
    expect(shopDescription(result.view)).toBe(
      'Book an appointment with Shop joes at 1 Test Street, Springfield: Skin Fade, Royal Shave.',
    );
  });

  it('leaves closed days out of the opening hours and gives durations in ISO 8601', () => {
    const data = shopJsonLd(result.view) as {
      openingHoursSpecification: { dayOfWeek: string }[];
      hasOfferCatalog: { itemListElement: { itemOffered: { duration: string } }[] };
    };
    expect(data.openingHoursSpecification.map((d) => d.dayOfWeek)).not.toContain('https://schema.org/Sunday');
    expect(data.hasOfferCatalog.itemListElement[1]?.itemOffered.duration).toBe('PT90M');
  });

  it("offers the services in the shop's currency (USD for a shop made before issue 13)", () => {
    type Offers = { hasOfferCatalog: { itemListElement: { price: string; priceCurrency: string }[] } };
    expect((shopJsonLd(result.view) as Offers).hasOfferCatalog.itemListElement[0]?.priceCurrency).toBe('USD');
    const eur = buildShopView(shopPage('paris', { shop: { currency: 'EUR', locale: 'fr-FR', clock: '24h' } }), {
      now: new Date(),
      canonicalUrl: 'http://paris.localhost:3000/',
      homeUrl: '/',
    });
    if (eur.kind !== 'ok') throw new Error('fixture incomplete');
    const offer = (shopJsonLd(eur.view) as Offers).hasOfferCatalog.itemListElement[1];
    expect(offer).toMatchObject({ price: '32.50', priceCurrency: 'EUR' });
  });
});
