// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildShopView } from '../lib/shop-view';
import { shopPage } from '../test/fixtures';
import { ShopPage } from './shop-page';

afterEach(cleanup);

const service = (id: string, name: string, price: number) => ({
  id,
  shopId: 'id-joes',
  name,
  description: '',
  price,
  durationMinutes: 30,
});

function renderShop(services: ReturnType<typeof service>[]) {
  const built = buildShopView(shopPage('joes', { services, shop: { currency: 'USD', locale: 'en-US' } }), {
    now: new Date('2026-11-20T15:00:00Z'),
    canonicalUrl: 'http://joes.localhost/',
    homeUrl: '/',
    bookUrl: '/book',
  });
  if (built.kind !== 'ok') throw new Error('fixture incomplete');
  render(<ShopPage view={built.view} />);
}

describe('a package on the shop page (issue 28)', () => {
  it('says how much it saves against the same services booked apart', () => {
    renderShop([service('h', 'Haircut', 35), service('b', 'Beard Trim', 20), service('c', 'Haircut + Beard', 50)]);
    const notes = document.querySelectorAll('[data-package-saving]');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.closest('[data-service-id]')?.getAttribute('data-service-id')).toBe('c');
    expect(screen.getByText('Save $5: Haircut and Beard Trim booked apart cost $55.')).toBeTruthy();
  });

  it('says nothing when the package costs as much as its parts', () => {
    renderShop([service('h', 'Haircut', 35), service('b', 'Beard Trim', 20), service('c', 'Haircut + Beard', 55)]);
    expect(document.querySelectorAll('[data-package-saving]')).toHaveLength(0);
  });
});
