import type { AnalyticsReport, BarberNumbers } from '@barberly/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api, lookUpToken, NO_SESSION_MESSAGE, toApiError } from '../../../lib/api-client';
import { getSupabase } from '../../../lib/supabase';
import { type AnalyticsSelection, analyticsSearch } from '../lib/analytics-query';

// Business analytics (issue 13): the api's answers, typed in common.
export type { AnalyticsReport, BarberNumbers } from '@barberly/common';

/** Query keys are the URLs they GET (spec 7's default query), query string included. */
export const analyticsKeys = {
  shop: (shopId: string, selection: AnalyticsSelection) =>
    [`/api/shops/${shopId}/analytics?${analyticsSearch(selection)}`] as const,
  mine: (selection: AnalyticsSelection) => [`/api/my/analytics?${analyticsSearch(selection)}`] as const,
};

export const analyticsCsvPath = (shopId: string, selection: AnalyticsSelection) =>
  `/api/shops/${shopId}/analytics.csv?${analyticsSearch(selection)}`;

/**
 * GET /api/shops/{id}/analytics?period=... (owner only). While another period loads, the last report stays on
 * screen (marked busy) instead of the page collapsing to a spinner.
 */
export function useShopAnalytics(shopId: string, selection: AnalyticsSelection) {
  const queryKey = analyticsKeys.shop(shopId, selection);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<AnalyticsReport>(queryKey[0], signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/my/analytics?period=...: the signed-in barber's own figures (403 for anyone else). */
export function useMyAnalytics(selection: AnalyticsSelection) {
  const queryKey = analyticsKeys.mine(selection);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<BarberNumbers>(queryKey[0], signal),
    placeholderData: keepPreviousData,
  });
}

async function sessionToken(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error) throw error;
  return data.session?.access_token ?? null;
}

/** 'attachment; filename="analytics-2026-05-01-2026-05-31.csv"' gives that name. */
function fileNameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * GET /api/shops/{id}/analytics.csv and hand it to the browser as a download. A plain link would go without the
 * bearer token, so the file is fetched like any call and saved through an object URL.
 *
 * The token comes from the session as the api client's own lookup does; lib/api-client has no call answering a
 * file (its requests parse JSON), which would be the better home for this.
 */
export async function downloadAnalyticsCsv(shopId: string, selection: AnalyticsSelection): Promise<string> {
  const token = await lookUpToken(sessionToken);
  if (!token) throw new ApiError(401, NO_SESSION_MESSAGE, { code: 'no_session' });
  const res = await fetch(analyticsCsvPath(shopId, selection), {
    headers: { accept: 'text/csv', authorization: `Bearer ${token}` },
    credentials: 'include',
  });
  if (!res.ok) throw await toApiError(res);
  const fileName = fileNameOf(res.headers.get('content-disposition')) ?? 'analytics.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}
