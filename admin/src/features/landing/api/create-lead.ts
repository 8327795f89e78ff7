import type { LeadInput } from '@barberly/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/leads (spec 7); the answer is not read. */
export function useCreateLead() {
  return useMutation({ mutationFn: (lead: LeadInput) => api.post<unknown>('/api/leads', lead) });
}
