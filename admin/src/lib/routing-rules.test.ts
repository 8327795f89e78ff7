import type { User } from '@barberly/common';
import { describe, expect, it } from 'vitest';
import {
  dashboardButtonTarget,
  dashboardRouterTarget,
  globalRedirectTarget,
  isExcludedFromGlobalRedirects,
  looksLikeShopId,
  postLoginTarget,
} from './routing-rules';

const base: User = {
  id: 'u1',
  email: 'sam@example.com',
  firstName: null,
  lastName: null,
  role: null,
  profileImageUrl: null,
  shopId: null,
  shopSlug: null,
  onboardingCompleted: true,
};
const user = (patch: Partial<User>): User => ({ ...base, ...patch });
const localhost = { hostname: 'localhost', protocol: 'http:', port: '3000', appDomain: 'localhost' };
const live = { hostname: 'barberly.com', protocol: 'https:', port: '', appDomain: 'barberly.com' };

describe('postLoginTarget (spec 4, in order)', () => {
  it('sends anyone with onboarding not complete to /onboarding first', () => {
    expect(postLoginTarget(user({ onboardingCompleted: false, role: 'owner', shopSlug: 'joes' }), localhost)).toEqual({
      kind: 'internal',
      path: '/onboarding',
    });
  });

  it('sends an owner with a shop to the in-app owner dashboard on localhost', () => {
    expect(postLoginTarget(user({ role: 'owner', shopSlug: 'joes' }), localhost)).toEqual({
      kind: 'internal',
      path: '/dashboard/owner/joes',
    });
  });

  it('sends an owner with a shop to {slug}.{product domain} on a live domain', () => {
    expect(postLoginTarget(user({ role: 'owner', shopSlug: 'joes' }), live)).toEqual({
      kind: 'external',
      url: 'https://joes.barberly.com',
    });
  });

  it('falls back to the last two host labels when the product domain is not configured', () => {
    const host = { hostname: 'app.cuts.io', protocol: 'https:', port: '', appDomain: 'localhost' };
    expect(postLoginTarget(user({ role: 'owner', shopSlug: 'joes' }), host)).toEqual({
      kind: 'external',
      url: 'https://joes.cuts.io',
    });
  });

  it('sends a barber with a shop to the barber dashboard, a client to /dashboard/client, others to /dashboard', () => {
    expect(postLoginTarget(user({ role: 'barber', shopSlug: 'joes' }), localhost)).toEqual({
      kind: 'internal',
      path: '/dashboard/barber/joes',
    });
    expect(postLoginTarget(user({ role: 'client' }), localhost)).toEqual({
      kind: 'internal',
      path: '/dashboard/client',
    });
    expect(postLoginTarget(user({ role: 'owner' }), localhost)).toEqual({ kind: 'internal', path: '/dashboard' });
    expect(postLoginTarget(user({ role: null }), localhost)).toEqual({ kind: 'internal', path: '/dashboard' });
  });
});

describe('dashboardButtonTarget (spec 2)', () => {
  it('uses the role dashboard when there is a shop, else /dashboard or /onboarding', () => {
    expect(dashboardButtonTarget(user({ role: 'owner', shopSlug: 'joes' }))).toBe('/dashboard/owner/joes');
    expect(dashboardButtonTarget(user({ role: 'barber', shopSlug: 'joes' }))).toBe('/dashboard/barber/joes');
    expect(dashboardButtonTarget(user({ role: 'owner' }))).toBe('/dashboard');
    expect(dashboardButtonTarget(user({ role: 'client', onboardingCompleted: false }))).toBe('/onboarding');
  });
});

describe('dashboardRouterTarget (spec 2)', () => {
  it('routes /dashboard visitors by who they are; null keeps the generic dashboard', () => {
    expect(dashboardRouterTarget(null)).toBe('/');
    expect(dashboardRouterTarget(user({ onboardingCompleted: false }))).toBe('/onboarding');
    expect(dashboardRouterTarget(user({ role: 'owner', shopSlug: 'a-b' }))).toBe('/dashboard/owner/a-b');
    expect(dashboardRouterTarget(user({ role: 'barber', shopSlug: 'a-b' }))).toBe('/dashboard/barber/a-b');
    expect(dashboardRouterTarget(user({ role: 'client' }))).toBeNull();
  });
});

describe('global redirect rules (spec 4)', () => {
  it('leaves the callback, redirecting, onboarding, dashboards and shop pages alone', () => {
    for (const path of [
      '/auth/callback',
      '/redirecting',
      '/onboarding',
      '/dashboard',
      '/dashboard/owner/joes',
      '/dashboard/client',
      '/owner/dashboard',
      '/barber/dashboard',
      '/shop/joes',
      '/demo/shop/urban',
    ]) {
      expect(isExcludedFromGlobalRedirects(path), path).toBe(true);
      expect(globalRedirectTarget(path, null), path).toBeNull();
    }
    expect(isExcludedFromGlobalRedirects('/')).toBe(false);
    expect(isExcludedFromGlobalRedirects('/profile')).toBe(false);
    expect(isExcludedFromGlobalRedirects('/dashboards-are-not-this')).toBe(false);
  });

  it('sends signed-out visitors to / except from / itself', () => {
    expect(globalRedirectTarget('/', null)).toBeNull();
    expect(globalRedirectTarget('/profile', null)).toEqual({ kind: 'internal', path: '/' });
  });

  it('sends an incomplete user to /onboarding', () => {
    expect(globalRedirectTarget('/', user({ onboardingCompleted: false }))).toEqual({
      kind: 'internal',
      path: '/onboarding',
    });
    expect(globalRedirectTarget('/profile', user({ onboardingCompleted: false }))).toEqual({
      kind: 'internal',
      path: '/onboarding',
    });
  });

  it('sends an owner with a shop from / to their owner dashboard (decision 0022), not their public page', () => {
    expect(globalRedirectTarget('/', user({ role: 'owner', shopSlug: 'joes' }))).toEqual({
      kind: 'internal',
      path: '/dashboard/owner/joes',
    });
  });

  it('sends others from / to their dashboard, and leaves them alone elsewhere', () => {
    expect(globalRedirectTarget('/', user({ role: 'barber', shopSlug: 'joes' }))).toEqual({
      kind: 'internal',
      path: '/dashboard/barber/joes',
    });
    expect(globalRedirectTarget('/', user({ role: 'client' }))).toEqual({ kind: 'internal', path: '/dashboard' });
    expect(globalRedirectTarget('/', user({ role: 'owner' }))).toEqual({ kind: 'internal', path: '/dashboard' });
    expect(globalRedirectTarget('/profile', user({ role: 'client' }))).toBeNull();
  });
});

describe('looksLikeShopId', () => {
  it('tells a shop id from a slug', () => {
    expect(looksLikeShopId('6f1c2f0e-3b7a-4c1d-9a51-2b8f0c9d7e11')).toBe(true);
    expect(looksLikeShopId('joes-barbers')).toBe(false);
  });
});
