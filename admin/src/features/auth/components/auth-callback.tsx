import { TIMINGS } from '@barberly/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { fetchUser, goTo, userQueryKey } from '../../../lib/auth';
import { loadConfig } from '../../../lib/config';
import { paths } from '../../../lib/routes';
import { postLoginTarget } from '../../../lib/routing-rules';
import { getSupabase } from '../../../lib/supabase';
import { sleep } from '../../../lib/timing';
import { callbackFailureToast, callbackSuccessToast, NO_SESSION_AFTER_AUTH } from '../../../lib/toast-messages';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** An error the auth server put in the return address (?error_description= or #error_description=). */
export function errorFromReturnUrl(url: URL): string | null {
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  for (const params of [url.searchParams, hash]) {
    const message = params.get('error_description') ?? params.get('error');
    if (message) return message;
  }
  return null;
}

/**
 * Spec 4 'Auth callback sequence': wait 500 ms, read the session (fail if none), refresh and refetch the user,
 * toast success and route as after any sign-in. On failure: toast and /dashboard.
 */
export function AuthCallback() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useDocumentTitle('Completing authentication');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const returnError = errorFromReturnUrl(new URL(window.location.href));
    (async () => {
      try {
        await sleep(TIMINGS.callbackDelayMs);
        if (returnError) throw new Error(returnError);
        const supabase = await getSupabase();
        const init = await supabase.auth.initialize();
        const { data, error } = await supabase.auth.getSession();
        if (error) throw error;
        if (!data.session) throw init.error ?? new Error(NO_SESSION_AFTER_AUTH);
        await queryClient.invalidateQueries({ queryKey: userQueryKey, refetchType: 'none' });
        const user = await queryClient.fetchQuery({ queryKey: userQueryKey, queryFn: fetchUser, staleTime: 0 });
        showToast(callbackSuccessToast);
        const config = await loadConfig().catch(() => null);
        goTo(
          postLoginTarget(user, {
            hostname: window.location.hostname,
            protocol: window.location.protocol,
            port: window.location.port,
            appDomain: config?.appDomain ?? window.location.hostname,
          }),
          navigate,
          { replace: true },
        );
      } catch (error) {
        console.error('Authentication failed', error);
        showToast(callbackFailureToast(error));
        navigate(paths.dashboard, { replace: true });
      }
    })();
  }, [navigate, queryClient]);

  return (
    <main className="grid min-h-dvh place-items-center bg-neutral-950 px-6 text-center">
      <div className="flex flex-col items-center gap-4">
        <Spinner className="size-10 text-amber-400" label="Completing authentication" />
        <h1 className="text-2xl font-bold text-white">Completing authentication...</h1>
        <p className="text-neutral-400">Please wait while we log you in</p>
      </div>
    </main>
  );
}
