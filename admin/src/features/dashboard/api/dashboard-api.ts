import type { Shop } from '@barberly/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/my/shops: the signed-in user's shops (none for barbers and clients). */
export function useMyShops(enabled: boolean) {
  return useQuery({ queryKey: ['/api/my/shops'], queryFn: () => api.get<Shop[]>('/api/my/shops'), enabled });
}
