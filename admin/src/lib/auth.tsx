import { TIMINGS, type User } from '@barberly/common';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { showToast } from '../components/ui/toaster';
import { api } from './api-client';
import { loadConfig } from './config';
import { paths } from './routes';
import { postLoginTarget, type Target } from './routing-rules';
import { authUrl, getSupabase, sessionStorageKey } from './supabase';
import {
  emptyIdentitiesToast,
  loginErrorToast,
  logoutErrorToast,
  oauthErrorToast,
  registrationCheckEmailToast,
  registrationErrorToast,
  registrationWithSessionToast,
} from './toast-messages';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';
export type Provider = 'google' | 'github';
export type RegisterOutcome = 'session' | 'checkEmail' | 'exists' | 'error';

export interface AuthContextValue {
  status: AuthStatus;
  session: Session | null;
  /** Signs in with e-mail and password; shows the spec's 'Login error' toasts itself. True when signed in. */
  loginWithEmail: (email: string, password: string) => Promise<boolean>;
  /** Signs up; shows the spec's registration toasts itself and goes to /onboarding when a session comes back. */
  registerWithEmail: (email: string, password: string) => Promise<RegisterOutcome>;
  /** Leaves for the provider, or shows 'Login error' with the server's message when it cannot. */
  loginWithProvider: (provider: Provider) => Promise<void>;
  /** Global sign-out, then /api/logout (which clears the browser's stored session and answers with /). */
  logout: () => Promise<void>;
  /** Refetches the signed-in user. */
  refetch: () => Promise<User | null>;
  /**
   * True once someone signed in (or registered) on this page: post-login routing decides where they go, so the
   * global redirect rules, which are for arriving at a page, stand aside.
   */
  signedInOnThisPage: () => boolean;
}

/** Exported for tests that render a component with a stand-in auth layer; the app uses <AuthProvider>. */
export const AuthContext = createContext<AuthContextValue | null>(null);

/** The user query's key: spec 7's default query GETs the key's URL. */
export const userQueryKey = ['/api/auth/user'] as const;

export function fetchUser(): Promise<User> {
  return api.get<User>('/api/auth/user');
}

/** Full page loads for storefront pages and other hosts, the router for our own paths. */
export function goTo(target: Target, navigate: NavigateFunction, opts: { replace?: boolean } = {}): void {
  if (target.kind === 'external') window.location.assign(target.url);
  else navigate(target.path, { replace: opts.replace });
}

/** Spec 4 'Post-login routing': fetch the user fresh and route; failing that, /dashboard. */
export async function routeAfterLogin(queryClient: QueryClient, navigate: NavigateFunction): Promise<void> {
  try {
    await queryClient.invalidateQueries({ queryKey: userQueryKey, refetchType: 'none' });
    const user = await queryClient.fetchQuery({ queryKey: userQueryKey, queryFn: fetchUser, staleTime: 0 });
    const config = await loadConfig().catch(() => null);
    const target = postLoginTarget(user, {
      hostname: window.location.hostname,
      protocol: window.location.protocol,
      port: window.location.port,
      appDomain: config?.appDomain ?? window.location.hostname,
    });
    goTo(target, navigate);
  } catch (error) {
    console.error('Could not load the user after sign-in', error);
    navigate(paths.dashboard);
  }
}

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** GoTrue answers errors as {msg} or {error_description}; our api as {error:{message}}. */
async function serverMessage(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const nested = body.error as { message?: unknown } | undefined;
    for (const candidate of [body.msg, body.error_description, body.message, nested?.message, body.error]) {
      if (typeof candidate === 'string' && candidate) return candidate;
    }
  } catch {
    // plain text below
  }
  return text || `${res.status}: ${res.statusText}`;
}

/**
 * Whether supabase-js has a session stored in this browser ('sb-{project}-auth-token'). Without one the visitor is
 * signed out, which the header can show at once instead of a loading placeholder while the auth client loads.
 */
function hasStoredSession(): boolean {
  // Prerendered at build time (no browser): the landing page's first paint shows what most visitors see.
  if (typeof window === 'undefined') return false;
  try {
    return Object.keys(window.localStorage).some((key) => /^sb-.+-auth-token$/.test(key));
  } catch {
    return true; // storage unavailable: let the auth client decide
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [status, setStatus] = useState<AuthStatus>(() => (hasStoredSession() ? 'loading' : 'signedOut'));
  const [session, setSession] = useState<Session | null>(null);

  // Read inside auth events, which outlive renders.
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const userIdRef = useRef<string | null>(null);
  const initializedRef = useRef(false);
  const loggingOutRef = useRef(false);
  const signedInHereRef = useRef(false);
  /** Set while a sign-up that returned a session routes on its own (straight to /onboarding). */
  const skipNextRoutingRef = useRef(false);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    let client: SupabaseClient | null = null;
    let storageKey = '';

    /**
     * /api/logout clears the browser's storage (Clear-Site-Data). A tab that still holds the session in memory
     * notices the stored session is gone when it comes back into view, and signs out too.
     */
    const checkStoredSession = () => {
      if (!client || !storageKey || !userIdRef.current || document.visibilityState !== 'visible') return;
      if (window.localStorage.getItem(storageKey) === null) void client.auth.signOut({ scope: 'local' });
    };

    // supabase-js is loaded after the first paint: the landing page never waits for it.
    const start = window.setTimeout(async () => {
      try {
        const [supabase, config] = await Promise.all([getSupabase(), loadConfig()]);
        if (cancelled) return;
        client = supabase;
        storageKey = sessionStorageKey(authUrl(config));
        const { data } = supabase.auth.onAuthStateChange((event, next) => {
          // Logging out ends in a full page load of /api/logout: the signed-in page stays as it is until that page
          // replaces it, instead of turning into a signed-out page that is thrown away a moment later (a Log in
          // button that could be pressed and then vanish).
          if (event === 'SIGNED_OUT' && loggingOutRef.current) return;
          setSession(next);
          setStatus(next ? 'signedIn' : 'signedOut');
          const previousUserId = userIdRef.current;
          userIdRef.current = next?.user.id ?? null;

          if (event === 'INITIAL_SESSION') {
            initializedRef.current = true;
            return;
          }
          if (event === 'SIGNED_IN') {
            // supabase-js also says SIGNED_IN when it restores or re-checks a session (tab focus): route only when
            // someone actually signed in on this page.
            if (!initializedRef.current || previousUserId === next?.user.id) return;
            if (pathRef.current === paths.authCallback) return; // the callback page routes by itself
            signedInHereRef.current = true;
            if (skipNextRoutingRef.current) {
              skipNextRoutingRef.current = false;
              return;
            }
            // Work outside the callback: supabase-js holds a lock while it runs.
            window.setTimeout(() => {
              void routeAfterLogin(queryClient, navigateRef.current);
            }, TIMINGS.pauseAfterAuthMs);
            return;
          }
          if (event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED') {
            window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: userQueryKey }), 0);
            return;
          }
          if (event === 'SIGNED_OUT') {
            signedInHereRef.current = false;
            queryClient.setQueryData(userQueryKey, null);
            queryClient.removeQueries({ queryKey: userQueryKey });
            if (!loggingOutRef.current && pathRef.current !== paths.home) navigateRef.current(paths.home);
          }
        });
        unsubscribe = () => data.subscription.unsubscribe();
        window.addEventListener('storage', checkStoredSession);
        document.addEventListener('visibilitychange', checkStoredSession);
      } catch (error) {
        console.error('The auth client could not start', error);
        if (!cancelled) setStatus('signedOut');
      }
    }, 0);

    return () => {
      cancelled = true;
      window.clearTimeout(start);
      unsubscribe?.();
      window.removeEventListener('storage', checkStoredSession);
      document.removeEventListener('visibilitychange', checkStoredSession);
    };
  }, [queryClient]);

  const loginWithEmail = useCallback(async (email: string, password: string) => {
    const supabase = await getSupabase();
    try {
      const { error } = await supabase.auth.signInWithPassword({ email, password });
      if (error) {
        showToast(loginErrorToast(error));
        return false;
      }
      return true;
    } catch (error) {
      console.error('Sign-in failed', error);
      showToast(loginErrorToast(null));
      return false;
    }
  }, []);

  const registerWithEmail = useCallback(
    async (email: string, password: string): Promise<RegisterOutcome> => {
      const supabase = await getSupabase();
      skipNextRoutingRef.current = true;
      try {
        const { data, error } = await supabase.auth.signUp({
          email,
          password,
          options: {
            emailRedirectTo: `${window.location.origin}${paths.authCallback}`,
            data: { email, onboardingCompleted: false },
          },
        });
        if (error) {
          showToast(registrationErrorToast(error));
          return 'error';
        }
        if (data.user && Array.isArray(data.user.identities) && data.user.identities.length === 0) {
          showToast(emptyIdentitiesToast);
          return 'exists';
        }
        if (data.session) {
          showToast(registrationWithSessionToast);
          await queryClient.invalidateQueries({ queryKey: userQueryKey, refetchType: 'none' });
          navigateRef.current(paths.onboarding);
          return 'session';
        }
        showToast(registrationCheckEmailToast);
        return 'checkEmail';
      } catch (error) {
        console.error('Sign-up failed', error);
        showToast(registrationErrorToast(null));
        return 'error';
      } finally {
        // supabase-js announces SIGNED_IN before signUp resolves; a later real sign-in routes as usual.
        skipNextRoutingRef.current = false;
      }
    },
    [queryClient],
  );

  const loginWithProvider = useCallback(async (provider: Provider) => {
    const supabase = await getSupabase();
    const redirectTo = `${window.location.origin}${paths.authCallback}`;
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider,
      options: { redirectTo, skipBrowserRedirect: true },
    });
    if (error || !data.url) {
      showToast(oauthErrorToast(error));
      return;
    }
    // Ask the auth server first (same origin: built-in auth): a provider it has not enabled answers an error
    // here instead of leaving the person on a bare JSON page.
    if (isSameOrigin(data.url)) {
      try {
        const res = await fetch(data.url, { redirect: 'manual', credentials: 'same-origin' });
        if (res.type !== 'opaqueredirect' && !(res.status >= 300 && res.status < 400)) {
          showToast(oauthErrorToast({ message: await serverMessage(res) }));
          return;
        }
      } catch (probeError) {
        showToast(oauthErrorToast(probeError));
        return;
      }
    } else {
      const config = await loadConfig().catch(() => null);
      if (config && !config.providers[provider]) {
        showToast(oauthErrorToast({ message: `Unsupported provider: ${provider} is not enabled` }));
        return;
      }
    }
    window.location.assign(data.url);
  }, []);

  const logout = useCallback(async () => {
    loggingOutRef.current = true;
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signOut({ scope: 'global' });
      if (error) {
        loggingOutRef.current = false;
        showToast(logoutErrorToast(error));
        return;
      }
    } catch (error) {
      loggingOutRef.current = false;
      showToast(logoutErrorToast(error));
      return;
    }
    queryClient.removeQueries({ queryKey: userQueryKey });
    window.location.assign(paths.logout);
  }, [queryClient]);

  const refetch = useCallback(async () => {
    try {
      return await queryClient.fetchQuery({ queryKey: userQueryKey, queryFn: fetchUser, staleTime: 0 });
    } catch {
      return null;
    }
  }, [queryClient]);

  const signedInOnThisPage = useCallback(() => signedInHereRef.current, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      session,
      loginWithEmail,
      registerWithEmail,
      loginWithProvider,
      logout,
      refetch,
      signedInOnThisPage,
    }),
    [status, session, loginWithEmail, registerWithEmail, loginWithProvider, logout, refetch, signedInOnThisPage],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export interface UserState {
  user: User | null;
  /** True until we know whether someone is signed in and, if so, who. */
  isLoading: boolean;
  error: Error | null;
  status: AuthStatus;
}

/**
 * Spec 7: GET /api/auth/user, cached 5 minutes, no retry, no refetch on focus, enabled once the session is known.
 */
export function useUser(): UserState {
  const { status } = useAuth();
  const query = useQuery({
    queryKey: userQueryKey,
    queryFn: fetchUser,
    enabled: status === 'signedIn',
    staleTime: TIMINGS.userQueryStaleMs,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return {
    user: status === 'signedIn' ? (query.data ?? null) : null,
    isLoading: status === 'loading' || (status === 'signedIn' && query.isPending),
    error: query.error,
    status,
  };
}
