import { SlugSchema } from '@barberly/common';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onboardingApi } from './onboarding-api';

export type SlugAvailability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'unavailable'; message: string };

const DEBOUNCE_MS = 350;

/** Asks GET /api/shops/slug-available once the slug is well-formed and the owner paused typing. */
export function useSlugAvailability(
  slug: string,
  check: typeof onboardingApi.slugAvailable = onboardingApi.slugAvailable,
): SlugAvailability {
  const [debounced, setDebounced] = useState(slug);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(slug), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [slug]);
  const wellFormed = SlugSchema.safeParse(debounced).success;
  const query = useQuery({
    queryKey: ['/api/shops/slug-available', debounced],
    queryFn: ({ signal }) => check(debounced, signal),
    enabled: wellFormed,
    staleTime: 0,
    gcTime: 0,
  });
  if (!SlugSchema.safeParse(slug).success) return { state: 'idle' };
  if (debounced !== slug || query.isPending) return { state: 'checking' };
  if (query.isError) return { state: 'idle' }; // cannot tell: the launch will say if it is taken
  if (query.data.available) return { state: 'available' };
  return { state: 'unavailable', message: query.data.message ?? 'This shop URL is not available.' };
}
