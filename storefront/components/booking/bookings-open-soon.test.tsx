// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildShopView } from '../../lib/shop-view';
import { shopPage } from '../../test/fixtures';
import { ShopPage } from '../shop-page';
import { BookingsOpenSoon } from './bookings-open-soon';

afterEach(cleanup);

function viewOf(barbers: 'none' | 'some') {
  const page = shopPage('solo', barbers === 'none' ? { barbers: [] } : {});
  const built = buildShopView(page, {
    now: new Date('2026-11-20T15:00:00Z'),
    canonicalUrl: 'http://solo.localhost/',
    homeUrl: '/',
    bookUrl: '/book',
  });
  if (built.kind !== 'ok') throw new Error('fixture incomplete');
  return built.view;
}

describe('a shop with no barber yet (issue 28)', () => {
  it('says on its booking page that bookings open soon, with no "Any barber" to pick', () => {
    render(<BookingsOpenSoon view={viewOf('none')} shopHref="/" title="Book Appointment" />);
    expect(screen.getByText('Online booking opens soon: this shop is still setting up its team.')).toBeTruthy();
    expect(screen.queryByText('Any barber')).toBeNull();
    expect(screen.getByRole('link', { name: 'Call (555) 010-2030' }).getAttribute('href')).toBe('tel:5550102030');
  });

  it('says so on its shop page instead of the book button; a shop with barbers keeps the button', () => {
    render(<ShopPage view={viewOf('none')} />);
    expect(screen.getByTestId('bookings-open-soon').textContent).toBe(
      'Online booking opens soon: this shop is still setting up its team.',
    );
    expect(screen.queryByRole('link', { name: 'Book Appointment' })).toBeNull();
    cleanup();
    render(<ShopPage view={viewOf('some')} />);
    expect(screen.queryByTestId('bookings-open-soon')).toBeNull();
    expect(screen.getByRole('link', { name: 'Book Appointment' }).getAttribute('href')).toBe('/book');
  });
});
