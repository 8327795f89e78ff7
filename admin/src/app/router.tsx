import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { LandingRoute } from './routes/landing';
import { RouteError } from './routes/route-error';

/**
 * The route table of spec 2. The landing page is in the first download; everything else loads when visited.
 * /shop/*, /demo/shop/* (storefront) and /api/* (api) never reach the admin: the proxy sends them elsewhere.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: LandingRoute },
      {
        path: 'auth/callback',
        lazy: async () => ({ Component: (await import('./routes/auth-callback')).AuthCallbackRoute }),
      },
      { path: 'onboarding', lazy: async () => ({ Component: (await import('./routes/app-pages')).OnboardingRoute }) },
      { path: 'join/:token', lazy: async () => ({ Component: (await import('./routes/app-pages')).JoinInviteRoute }) },
      { path: 'admin/shops', lazy: async () => ({ Component: (await import('./routes/app-pages')).AdminShopsRoute }) },
      { path: 'redirecting', lazy: async () => ({ Component: (await import('./routes/app-pages')).RedirectingRoute }) },
      { path: 'profile', lazy: async () => ({ Component: (await import('./routes/app-pages')).ProfileRoute }) },
      { path: 'terms', lazy: async () => ({ Component: (await import('./routes/legal')).TermsRoute }) },
      { path: 'privacy', lazy: async () => ({ Component: (await import('./routes/legal')).PrivacyRoute }) },
      {
        path: 'dashboard',
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/app-pages')).DashboardRoute }) },
          {
            path: 'owner/:shopRef',
            lazy: async () => ({ Component: (await import('./routes/app-pages')).OwnerDashboardRoute }),
          },
          {
            path: 'barber/:shopRef',
            lazy: async () => ({ Component: (await import('./routes/app-pages')).BarberDashboardRoute }),
          },
          {
            path: 'client',
            lazy: async () => ({ Component: (await import('./routes/app-pages')).ClientDashboardRoute }),
          },
        ],
      },
      {
        path: 'owner/dashboard',
        lazy: async () => ({ Component: (await import('./routes/app-pages')).OwnerDashboardAltRoute }),
      },
      {
        path: 'barber/dashboard',
        lazy: async () => ({ Component: (await import('./routes/app-pages')).BarberDashboardAltRoute }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
