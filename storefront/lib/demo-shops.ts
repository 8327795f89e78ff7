/**
 * Built-in sample shops for /demo/shop/{theme} (spec: 4 services, 2 barbers, hours, features per theme).
 * Served without the api. No external images: a demo must look complete offline.
 */
import { DEFAULT_PRIMARY_COLOR, defaultHours, type ShopPage, THEMES, type Theme } from '@barberly/common';

const stamp = '2026-01-01T00:00:00.000Z';

function demoShop(
  theme: Theme,
  fields: { name: string; bio: string; address: string; phoneNumber: string; primaryColor: string; features: string[] },
  services: [string, string, number, number][],
  barbers: [string, string][],
): ShopPage {
  const id = `demo-${theme}`;
  const hours = defaultHours();
  const branding = { primary_color: fields.primaryColor, font: 'Inter', features: fields.features };
  return {
    shop: {
      id,
      ownerId: 'demo',
      name: fields.name,
      slug: id,
      bio: fields.bio,
      address: fields.address,
      phoneNumber: fields.phoneNumber,
      theme,
      primaryColor: fields.primaryColor,
      logoUrl: '',
      is_active: true,
      hours_json: hours,
      hours,
      branding_json: branding,
      branding,
      subdomain_url: '',
      production_url: '',
      version: 1,
      createdAt: stamp,
      updatedAt: stamp,
    },
    services: services.map(([name, description, price, durationMinutes], i) => ({
      id: `${id}-service-${i + 1}`,
      shopId: id,
      name,
      description,
      price,
      durationMinutes,
    })),
    barbers: barbers.map(([name, bio], i) => ({
      id: `${id}-barber-${i + 1}`,
      shopId: id,
      name,
      bio,
      profileImageUrl: '',
    })),
  };
}

export const DEMO_SHOPS: Record<Theme, ShopPage> = {
  classic: demoShop(
    'classic',
    {
      name: 'Heritage Barber Co.',
      bio: 'Traditional cuts and hot towel shaves in a shop that has kept its chairs since 1952.',
      address: '114 Market Street, Springfield, IL 62701',
      phoneNumber: '(217) 555-0142',
      primaryColor: '#7C2D12',
      features: ['Hot towel shaves', 'Walk-ins welcome', 'Complimentary beverages', 'Gift cards'],
    },
    [
      ['Classic Haircut', 'Scissor or clipper cut finished with a neck shave.', 35, 30],
      ['Hot Towel Shave', 'Straight razor shave with hot towels and balm.', 40, 45],
      ['Beard Trim', 'Shape and line-up with a warm towel finish.', 20, 20],
      ['The Full Service', 'Haircut, hot towel shave and scalp massage.', 75, 90],
    ],
    [
      ['Arthur Bennett', 'Forty years behind the chair; master of the straight razor.'],
      ['Louis Moreno', 'Classic tapers and pompadours, done right.'],
    ],
  ),
  urban: demoShop(
    'urban',
    {
      name: 'Concrete Cuts',
      bio: 'Fades, designs and colour from artists who live for the culture.',
      address: '88 Canal Street, Brooklyn, NY 11201',
      phoneNumber: '(718) 555-0199',
      primaryColor: '#E11D48',
      features: ['Skin fades', 'Hair designs', 'Open late', 'Music on'],
    },
    [
      ['Skin Fade', 'Bald fade blended to any length on top.', 40, 45],
      ['Fade & Design', 'Fade with a custom freehand design.', 55, 60],
      ['Line-Up', 'Crisp edge-up for hairline and beard.', 15, 15],
      ['Colour & Cut', 'Bold colour with a fresh cut.', 95, 120],
    ],
    [
      ['Marcus "Blade" Reyes', 'Freehand designs and razor-sharp fades.'],
      ['Tasha Kim', 'Colour specialist and texture expert.'],
    ],
  ),
  minimalist: demoShop(
    'minimalist',
    {
      name: 'Form Studio',
      bio: 'Precise cuts in a quiet space. Nothing more.',
      address: '21 Harbour Lane, Portland, OR 97205',
      phoneNumber: '(503) 555-0117',
      primaryColor: DEFAULT_PRIMARY_COLOR,
      features: ['Appointments only', 'Organic products', 'Quiet studio'],
    },
    [
      ['Cut', 'A precise cut, washed and styled.', 45, 45],
      ['Buzz Cut', 'One length, clean neckline.', 25, 20],
      ['Beard', 'Trim and shape.', 20, 15],
      ['Cut & Beard', 'Both, unhurried.', 60, 75],
    ],
    [
      ['Elena Sato', 'Scandinavian-trained; clean lines and natural texture.'],
      ['Noah Fischer', 'Short cuts and beards with quiet precision.'],
    ],
  ),
};

/** '/demo/shop/Urban' works too; anything that is not a theme name is not a demo. */
export function demoShopFor(param: string): ShopPage | null {
  const theme = THEMES.find((t) => t === param.toLowerCase());
  return theme ? DEMO_SHOPS[theme] : null;
}
