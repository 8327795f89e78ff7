import { randomBytes } from 'node:crypto';
import type { CreatedShop, ShopCreateInput } from '@barberly/common';
import type { Express } from 'express';
import request from 'supertest';

export function uniqueSlug(base = 'shop'): string {
  return `${base}-${randomBytes(4).toString('hex')}`;
}

/** Creates a shop over HTTP as the given user, the way the onboarding wizard does. */
export async function createShopAs(
  app: Express,
  token: string,
  overrides: Partial<ShopCreateInput> = {},
): Promise<CreatedShop> {
  const res = await request(app)
    .post('/api/shops')
    .set('Authorization', `Bearer ${token}`)
    .send({ name: "Joe's Cuts", slug: uniqueSlug(), theme: 'classic', ...overrides });
  if (res.status !== 201) throw new Error(`createShopAs failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CreatedShop;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
