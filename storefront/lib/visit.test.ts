import { describe, expect, it } from 'vitest';
import type { BarberView, ServiceView } from './shop-view';
import { barbersForVisit, offersVisit, toggleService, visitTotal } from './visit';

const services: ServiceView[] = [
  { id: 'cut', name: 'Cut', description: '', price: 25, durationMinutes: 30 },
  { id: 'beard', name: 'Beard', description: '', price: 15, durationMinutes: 20 },
  { id: 'shave', name: 'Shave', description: '', price: 32.5, durationMinutes: null },
];
const barber = (id: string, offersAllServices: boolean, offers: BarberView['offers'] = []): BarberView => ({
  id,
  name: id,
  firstName: id,
  bio: '',
  imageUrl: null,
  offersAllServices,
  offers,
});
const marco = barber('marco', true, [{ serviceId: 'beard', durationMinutes: 25, price: 18 }]);
const ann = barber('ann', false, [{ serviceId: 'cut', durationMinutes: null, price: null }]);

describe('who does a visit (issue 14)', () => {
  it('a barber offering everything does any visit; one with a list only visits within it', () => {
    expect(offersVisit(marco, ['cut', 'shave'])).toBe(true);
    expect(offersVisit(ann, ['cut'])).toBe(true);
    expect(offersVisit(ann, ['cut', 'beard'])).toBe(false);
    expect(barbersForVisit([marco, ann], ['cut', 'beard']).map((b) => b.id)).toEqual(['marco']);
  });
});

describe('visitTotal', () => {
  it("sums the shop's durations and prices, with a barber's own where they have one", () => {
    expect(visitTotal(services, ['cut', 'beard'], null)).toEqual({ durationMinutes: 50, price: 40 });
    expect(visitTotal(services, ['cut', 'beard'], marco)).toEqual({ durationMinutes: 55, price: 43 });
  });

  it('counts the default for a service without a duration, in cents, and nothing for an unknown id', () => {
    expect(visitTotal(services, ['shave', 'gone'], null, 30)).toEqual({ durationMinutes: 30, price: 32.5 });
    expect(visitTotal(services, ['shave', 'beard'], marco, 0)).toEqual({ durationMinutes: 25, price: 50.5 });
  });
});

describe('toggleService', () => {
  it('adds in the order chosen, removes a chosen one, and stops at the limit', () => {
    expect(toggleService(['beard'], 'cut', 4)).toEqual(['beard', 'cut']);
    expect(toggleService(['beard', 'cut'], 'beard', 4)).toEqual(['cut']);
    expect(toggleService(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
  });
});
