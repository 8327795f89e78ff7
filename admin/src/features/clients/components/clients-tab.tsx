import type { Shop } from '@barberly/common';
import { useMemo, useState } from 'react';
import { type ClientsShop, clientFormatters } from '../lib/format';
import { ClientList } from './client-list';
import { ClientPage } from './client-page';
import type { ClientListState, ClientsMode } from './clients-state';

export type { ClientListState, ClientsMode } from './clients-state';

/** 'owner' sees every client and may edit, merge, export, erase and rebook; 'barber' reads those they served. */
const INITIAL: ClientListState = { search: '', filter: 'all', sort: 'lastVisit', page: 1 };

/** The list and a client's page, within one tab. */
export function ClientsView({ shop, mode }: { shop: ClientsShop; mode: ClientsMode }) {
  const [list, setList] = useState<ClientListState>(INITIAL);
  const [openId, setOpenId] = useState<string | null>(null);
  // The client just left: the list puts focus back on their row.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const format = useMemo(
    () =>
      clientFormatters({
        locale: shop.locale,
        timeZone: shop.timeZone,
        clock: shop.clock,
        phoneNumber: shop.phoneNumber,
      }),
    [shop.locale, shop.timeZone, shop.clock, shop.phoneNumber],
  );

  if (openId) {
    return (
      <ClientPage
        key={openId}
        shopId={shop.id}
        clientId={openId}
        mode={mode}
        format={format}
        onBack={() => {
          setReturnTo(openId);
          setOpenId(null);
        }}
      />
    );
  }
  return (
    <ClientList
      shopId={shop.id}
      mode={mode}
      format={format}
      state={list}
      onChange={(patch) => setList((current) => ({ ...current, ...patch }))}
      onOpen={(id) => {
        setReturnTo(null);
        setOpenId(id);
      }}
      focusClientId={returnTo}
    />
  );
}

/**
 * The owner's Clients tab (issue 13): search, all clients or those due back (with a one-click rebook link), a
 * sortable table, and each client's page with tags, history, notes and the owner's actions.
 */
export function ClientsTab({ shop }: { shop: Shop }) {
  return <ClientsView shop={shop} mode="owner" />;
}
