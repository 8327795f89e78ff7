import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { goTo, useAuth, useUser } from '../lib/auth';
import { inRedirectCooldown, recordRedirect } from '../lib/redirect-cooldown';
import { wantsToStayOnLanding } from '../lib/routes';
import { globalRedirectTarget, isExcludedFromGlobalRedirects } from '../lib/routing-rules';

/**
 * Spec 4 'Global redirect rules'. Mounted by the pages they cover, / and /profile: the callback, onboarding,
 * dashboards and shops are excluded, and any other path shows 'Page Not Found' instead of moving.
 * Each redirect starts a 3 s cooldown in local storage during which no further redirect happens.
 */
export function GlobalRedirects() {
  const { user, isLoading, error, status } = useUser();
  const { signedInOnThisPage } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (isLoading || isExcludedFromGlobalRedirects(location.pathname)) return;
    // Signed in but the user could not be loaded: stay rather than guess.
    if (status === 'signedIn' && (!user || error)) return;
    if (wantsToStayOnLanding(location.state)) return;
    // Someone who just signed in here is routed by the post-login rules (spec 4), not by these.
    if (status === 'signedIn' && signedInOnThisPage()) return;
    const target = globalRedirectTarget(location.pathname, user);
    if (!target || inRedirectCooldown()) return;
    recordRedirect(user, location.pathname, target.kind === 'internal' ? target.path : target.url);
    goTo(target, navigate, { replace: true });
  }, [isLoading, status, user, error, location.pathname, location.state, navigate, signedInOnThisPage]);

  return null;
}
