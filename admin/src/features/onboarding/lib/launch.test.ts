import { defaultHours } from '@barberly/common';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { COMPLETE_ONBOARDING_ERROR_KEY, LaunchError, launchShop, type WizardData } from './launch';

const DATA: WizardData = {
  theme: 'urban',
  details: { name: ' Fade Co ', slug: 'fade-co', bio: '', address: '1 Main St', phoneNumber: '' },
  hours: defaultHours(),
  timeZone: 'America/Chicago',
  currency: 'EUR',
  locale: 'fr-FR',
  clock: '24h',
  services: [{ key: 'a', name: 'Cut', description: '', price: 20, durationMinutes: 30 }],
  ownerBarber: { cutsHair: null, name: '' },
};
const CREATED = {
  id: '7b0c1f9e-3a55-4c3b-9d1e-0f7a2b6c9d10',
  slug: 'fade-co',
  name: 'Fade Co',
  theme: 'urban' as const,
  subdomain_url: 'http://fade-co.localhost:3000',
  production_url: 'http://fade-co.localhost:3000',
};

function fakeApi() {
  const calls: string[] = [];
  return {
    calls,
    api: {
      updateMe: vi.fn(async () => {
        calls.push('updateMe');
        return {} as never;
      }),
      createShop: vi.fn(async () => {
        calls.push('createShop');
        return CREATED;
      }),
      completeOnboarding: vi.fn(async () => {
        calls.push('completeOnboarding');
        return {
          template: 'urban' as const,
          urls: { production: 'fade-co.barberly.com', primary: '', development: '' },
          productionUrl: '',
          shopUrl: '/shop/fade-co',
        };
      }),
    },
  };
}

describe('launchShop', () => {
  it('sets the role, creates the shop, completes onboarding, then picks the production URL with https://', async () => {
    const { api, calls } = fakeApi();
    const result = await launchShop(DATA, { api });
    expect(calls).toEqual(['updateMe', 'createShop', 'completeOnboarding']);
    expect(api.updateMe).toHaveBeenCalledWith({ role: 'owner', onboardingCompleted: true });
    expect(api.createShop.mock.calls[0]).toMatchObject([
      {
        name: 'Fade Co',
        slug: 'fade-co',
        theme: 'urban',
        timeZone: 'America/Chicago',
        currency: 'EUR',
        locale: 'fr-FR',
        clock: '24h',
        services: [{ name: 'Cut', price: 20, durationMinutes: 30 }],
      },
    ]);
    expect(api.completeOnboarding).toHaveBeenCalledWith(CREATED);
    expect(result.target).toEqual({ url: 'https://fade-co.barberly.com', relative: false });
  });

  it('makes the owner the first barber when they cut hair here too, and nobody when they do not', async () => {
    const { api } = fakeApi();
    await launchShop({ ...DATA, ownerBarber: { cutsHair: true, name: ' Sam Fade ' } }, { api });
    expect(api.createShop.mock.calls[0]).toMatchObject([{ ownerBarber: { name: 'Sam Fade' } }]);
    await launchShop({ ...DATA, ownerBarber: { cutsHair: false, name: 'Sam Fade' } }, { api });
    expect((api.createShop.mock.calls[1] as unknown[])[0]).not.toHaveProperty('ownerBarber');
  });

  it('keeps launching when complete-onboarding fails, storing the error locally', async () => {
    const { api } = fakeApi();
    api.completeOnboarding.mockRejectedValueOnce(new ApiError(500, 'boom'));
    const storage = { setItem: vi.fn() };
    const result = await launchShop(DATA, { api, storage });
    expect(result.target.url).toBe('http://fade-co.localhost:3000');
    expect(storage.setItem).toHaveBeenCalledWith(COMPLETE_ONBOARDING_ERROR_KEY, expect.stringContaining('boom'));
  });

  it('stops with a shop error when the shop cannot be created', async () => {
    const { api } = fakeApi();
    api.createShop.mockRejectedValueOnce(new ApiError(409, 'taken', { fields: { slug: 'taken' } }));
    const error = await launchShop(DATA, { api }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LaunchError);
    expect((error as LaunchError).step).toBe('shop');
    expect(api.completeOnboarding).not.toHaveBeenCalled();
  });

  it('stops before creating anything when the role cannot be set', async () => {
    const { api } = fakeApi();
    api.updateMe.mockRejectedValueOnce(new ApiError(401, 'no session'));
    const error = await launchShop(DATA, { api }).catch((e: unknown) => e);
    expect((error as LaunchError).step).toBe('role');
    expect(api.createShop).not.toHaveBeenCalled();
  });
});
