import type {
  CompleteOnboardingResponse,
  CreatedShop,
  JoinShopResponse,
  Role,
  ShopCreateInput,
  UpdateMeInput,
  User,
} from '@barberly/common';
import { api } from '../../../lib/api-client';

/** The calls of spec 7 that onboarding makes. */
export const onboardingApi = {
  setRole: (role: Role) => api.post<User>('/api/auth/role', { role }),
  updateMe: (changes: UpdateMeInput) => api.patch<User>('/api/users/me', changes),
  createShop: (input: ShopCreateInput) => api.post<CreatedShop>('/api/shops', input),
  completeOnboarding: (shop: Pick<CreatedShop, 'id' | 'slug'>) =>
    api.post<CompleteOnboardingResponse>('/api/auth/complete-onboarding', {
      shopId: shop.id,
      shopSlug: shop.slug,
      role: 'owner',
    }),
  /** POST /api/barbers/join: the code from the shop owner links this account to the shop as a barber, named. */
  joinShop: (code: string, name: string) => api.post<JoinShopResponse>('/api/barbers/join', { code, name }),
  slugAvailable: (slug: string, signal?: AbortSignal) =>
    api.get<{ available: boolean; message?: string }>(
      `/api/shops/slug-available?slug=${encodeURIComponent(slug)}`,
      signal,
    ),
};
export type OnboardingApi = typeof onboardingApi;
