import type { Shop } from '@barberly/common';
import { useMemo } from 'react';
import { ClientsView } from './clients-tab';

/**
 * The barber's clients: those they have served, to look up and add notes to; no editing, merging, exporting,
 * erasing or rebooking (the api answers canManage false and the list holds only their clients). Pass the shop's
 * zone, locale and clock when known; without them dates use the browser's zone, en-US and a 12-hour clock.
 */
export function BarberClients({
  shopId,
  shop,
}: {
  shopId: string;
  shop?: Partial<Pick<Shop, 'timeZone' | 'locale' | 'clock'>>;
}) {
  const view = useMemo(
    () => ({ id: shopId, timeZone: shop?.timeZone, locale: shop?.locale, clock: shop?.clock }),
    [shopId, shop?.timeZone, shop?.locale, shop?.clock],
  );
  return <ClientsView shop={view} mode="barber" />;
}
