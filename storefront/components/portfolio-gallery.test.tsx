// @vitest-environment jsdom
import { THEMES } from '@barberly/common';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildShopView } from '../lib/shop-view';
import { shopPage } from '../test/fixtures';
import { ShopPage } from './shop-page';

afterEach(cleanup);

const files = (base: string, format: 'webp' | 'avif') =>
  Object.fromEntries([320, 640, 1280].map((w) => [String(w), `/api/uploads/portfolio/s/b/${base}-${w}.${format}`]));

const image = (id: string, caption: string, width = 1600) => ({
  id,
  barberId: 'b1',
  caption,
  position: 0,
  width,
  height: 1200,
  hidden: false,
  urls: { webp: files(id, 'webp'), avif: files(id, 'avif') },
});

function pageWith(theme: (typeof THEMES)[number]) {
  const page = shopPage('joes', {
    theme,
    barbers: [
      {
        id: 'b1',
        shopId: 'id-joes',
        name: 'Tony Blade',
        bio: '',
        profileImageUrl: '',
        instagramHandle: 'tony.cuts',
        portfolio: [
          image('a1', 'Skin fade <b>fresh</b>'),
          image('a2', ''),
          image('a3', 'Beard line-up', 600),
          image('a4', 'Crop'),
          // Not one of our upload paths: never reaches the page.
          { ...image('bad', 'x'), urls: { webp: { '320': 'javascript:alert(1)' }, avif: {} } },
        ],
      },
      { id: 'b2', shopId: 'id-joes', name: 'Alex', bio: '', profileImageUrl: '' },
    ] as never,
  });
  const built = buildShopView(page, {
    now: new Date('2026-12-20T15:00:00Z'),
    canonicalUrl: 'http://joes.localhost/',
    homeUrl: '/',
    bookUrl: '/book',
  });
  if (built.kind !== 'ok') throw new Error('fixture incomplete');
  return built.view;
}

/** Issue 26 item 3: each barber's portfolio on their card and in the gallery, in every theme. */
describe('the portfolio on the shop page', () => {
  it.each(THEMES)('%s: the gallery has every photo, lazy, with srcset, sizes, alt text and ImageObject', (theme) => {
    const { container } = render(<ShopPage view={pageWith(theme)} />);
    const gallery = screen.getByRole('list', { name: "Tony Blade's portfolio", hidden: true });
    const pictures = within(gallery).getAllByRole('img', { hidden: true });
    expect(pictures).toHaveLength(4);
    const first = pictures[0] as HTMLImageElement;
    expect(first.getAttribute('alt')).toBe('Skin fade <b>fresh</b>');
    expect(first.getAttribute('loading')).toBe('lazy');
    expect(first.getAttribute('src')).toBe('/api/uploads/portfolio/s/b/a1-640.webp');
    // Without a caption, whose work it is.
    expect(pictures[1]?.getAttribute('alt')).toBe('Haircut by Tony Blade');
    const sources = first.parentElement?.querySelectorAll('source') ?? [];
    expect([...sources].map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[1]?.getAttribute('srcset')).toBe(
      '/api/uploads/portfolio/s/b/a1-320.webp 320w, /api/uploads/portfolio/s/b/a1-640.webp 640w, /api/uploads/portfolio/s/b/a1-1280.webp 1280w',
    );
    expect(sources[1]?.getAttribute('sizes')).toBe('(min-width: 720px) 300px, 50vw');
    // A 600-wide original is never described as wider than it is.
    expect(pictures[2]?.parentElement?.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toContain(
      'a3-1280.webp 600w',
    );
    const objects = container.querySelectorAll('[itemtype="https://schema.org/ImageObject"]');
    expect(objects).toHaveLength(4);
    expect(objects[0]?.querySelector('[itemprop="caption"]')?.textContent).toBe('Skin fade <b>fresh</b>');
    expect(objects[0]?.querySelector('[itemprop="contentUrl"]')).toBe(first);
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it.each(THEMES)("%s: the card shows the barber's first three photos and their Instagram", (theme) => {
    render(<ShopPage view={pageWith(theme)} />);
    const strip = screen.getByRole('list', { name: 'Work by Tony Blade', hidden: true });
    expect(within(strip).getAllByRole('img', { hidden: true })).toHaveLength(3);
    const instagram = screen.getByRole('link', { name: '@tony.cuts', hidden: true });
    expect(instagram.getAttribute('href')).toBe('https://www.instagram.com/tony.cuts/');
    // Alex has no photos: no strip, and no gallery section of theirs.
    expect(screen.queryByRole('list', { name: 'Work by Alex', hidden: true })).toBeNull();
    expect(screen.queryByRole('list', { name: "Alex's portfolio", hidden: true })).toBeNull();
  });

  it('is absent when no barber has photos', () => {
    const view = pageWith('classic');
    view.barbers = view.barbers.map((b) => ({ ...b, portfolio: [] }));
    const { container } = render(<ShopPage view={view} />);
    expect(container.querySelector('[data-portfolio-gallery]')).toBeNull();
  });
});
