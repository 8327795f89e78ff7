import {
  BARBER_PERMISSION_KEYS,
  BARBER_PERMISSION_LABELS,
  type BarberPermissionKey,
  type BarberPermissions,
  type CalendarFeedInfo,
  type PortfolioImage,
  type ShopBarberPermissions,
} from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { api } from '../../../lib/api-client';
import { SwitchRow } from './switch-row';

const notSaved = (err: Error) => showToast({ title: 'Not saved', description: err.message, variant: 'destructive' });

/**
 * What barbers may do (issue 26 item 2): the shop's defaults, then each barber's override (the shop's, on or off),
 * and who has joined. The api enforces each; a barber refused is told to ask the owner.
 */
export function BarberPermissionsCard({ shopId }: { shopId: string }) {
  const key = [`/api/shops/${shopId}/barber-permissions`];
  const qc = useQueryClient();
  const perms = useQuery({ queryKey: key, queryFn: () => api.get<ShopBarberPermissions>(key[0]!) });
  const putDefaults = useMutation({
    mutationFn: (defaults: BarberPermissions) => api.put<ShopBarberPermissions>(key[0]!, defaults),
    onSuccess: (data) => qc.setQueryData(key, data),
    onError: notSaved,
  });
  const patchBarber = useMutation({
    mutationFn: ({ barberId, ...body }: { barberId: string } & Partial<Record<BarberPermissionKey, boolean | null>>) =>
      api.patch<ShopBarberPermissions>(`/api/shops/${shopId}/barbers/${barberId}/permissions`, body),
    onSuccess: (data) => qc.setQueryData(key, data),
    onError: notSaved,
  });

  return (
    <Card>
      <CardHeader
        title="What barbers may do"
        description="The same for everyone, unless you set a barber apart below."
        as="h3"
      />
      {perms.isPending ? (
        <div className="grid place-items-center py-6 text-amber-500">
          <Spinner label="Loading permissions" />
        </div>
      ) : perms.isError ? (
        <p className="mt-4 text-sm text-neutral-700">The permissions could not be loaded: {perms.error.message}</p>
      ) : (
        <>
          <div className="mt-4 flex flex-col gap-3">
            {BARBER_PERMISSION_KEYS.map((k) => (
              <SwitchRow
                key={k}
                label={BARBER_PERMISSION_LABELS[k]}
                checked={perms.data.defaults[k]}
                disabled={putDefaults.isPending}
                onChange={(e) => putDefaults.mutate({ ...perms.data.defaults, [k]: e.target.checked })}
              />
            ))}
          </div>
          {perms.data.barbers.length ? (
            <div className="mt-6 overflow-x-auto">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">Each barber's permissions</caption>
                <thead>
                  <tr className="border-b border-neutral-200 text-xs text-neutral-600">
                    <th scope="col" className="py-2 pr-2 font-semibold">
                      Barber
                    </th>
                    {BARBER_PERMISSION_KEYS.map((k) => (
                      <th key={k} scope="col" className="px-1 py-2 font-semibold">
                        {BARBER_PERMISSION_LABELS[k]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {perms.data.barbers.map((b) => (
                    <tr key={b.barberId} className="border-b border-neutral-100">
                      <th scope="row" className="py-2 pr-2 font-semibold">
                        <span className="block break-words">{b.name}</span>
                        <span
                          className={`text-xs font-normal ${b.joined ? 'text-emerald-800' : 'text-neutral-600'}`}
                          data-testid={`joined-${b.barberId}`}
                        >
                          {b.joined ? `Joined${b.email ? ` · ${b.email}` : ''}` : 'Not joined yet'}
                        </span>
                      </th>
                      {BARBER_PERMISSION_KEYS.map((k) => (
                        <td key={k} className="px-1 py-2">
                          <select
                            aria-label={`${b.name}: ${BARBER_PERMISSION_LABELS[k]}`}
                            className="rounded-lg border border-neutral-300 bg-white px-1 py-1.5 text-sm"
                            value={b.override[k] === undefined ? 'shop' : b.override[k] ? 'on' : 'off'}
                            disabled={patchBarber.isPending}
                            onChange={(e) =>
                              patchBarber.mutate({
                                barberId: b.barberId,
                                [k]: e.target.value === 'shop' ? null : e.target.value === 'on',
                              })
                            }
                          >
                            <option value="shop">Shop’s ({perms.data.defaults[k] ? 'on' : 'off'})</option>
                            <option value="on">On</option>
                            <option value="off">Off</option>
                          </select>
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
    </Card>
  );
}

/** Every barber's portfolio photos, each of which the owner may hide from the shop's page (issue 26 item 3). */
export function PortfolioModerationCard({ shopId, barberNames }: { shopId: string; barberNames: Map<string, string> }) {
  const key = [`/api/shops/${shopId}/portfolio`];
  const qc = useQueryClient();
  const images = useQuery({ queryKey: key, queryFn: () => api.get<PortfolioImage[]>(key[0]!) });
  const hide = useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      api.patch<PortfolioImage>(`/api/shops/${shopId}/portfolio/${id}`, { hidden }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: key }),
    onError: notSaved,
  });
  if (!images.data?.length) return null;
  return (
    <Card>
      <CardHeader title="Barbers' photos" description="Hide any photo from the shop's page." as="h3" />
      <ul aria-label="Barbers' photos" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {images.data.map((image) => {
          const who = barberNames.get(image.barberId) ?? 'Barber';
          return (
            <li key={image.id} className="flex flex-col gap-1">
              <img
                src={image.urls.webp['320']}
                alt={image.caption || `Work by ${who}`}
                loading="lazy"
                className={`aspect-square w-full rounded-lg bg-neutral-100 object-cover ${image.hidden ? 'opacity-40' : ''}`}
              />
              <Button
                size="sm"
                variant="light"
                aria-pressed={image.hidden}
                aria-label={`${image.hidden ? 'Show' : 'Hide'} ${image.caption || `this photo by ${who}`}`}
                disabled={hide.isPending}
                onClick={() => hide.mutate({ id: image.id, hidden: !image.hidden })}
              >
                {image.hidden ? 'Show' : 'Hide'}
              </Button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** The owner's private calendar feed of the whole shop (issue 26 item 5). */
export function ShopCalendarFeedCard({ shopId }: { shopId: string }) {
  const key = [`/api/shops/${shopId}/calendar-feed`];
  const qc = useQueryClient();
  const feed = useQuery({ queryKey: key, queryFn: () => api.get<CalendarFeedInfo>(key[0]!) });
  const [shown, setShown] = useState<string | null>(null);
  const urlId = useId();
  const make = useMutation({
    mutationFn: () => api.post<CalendarFeedInfo>(key[0]!),
    onSuccess: (info) => {
      setShown(info.url);
      qc.setQueryData(key, { active: true, url: null });
    },
    onError: notSaved,
  });
  const revoke = useMutation({
    mutationFn: () => api.delete<void>(key[0]!),
    onSuccess: () => {
      setShown(null);
      qc.setQueryData(key, { active: false, url: null });
    },
    onError: notSaved,
  });
  return (
    <Card>
      <CardHeader
        title="Shop calendar feed"
        description="Subscribe to every chair from Google, Apple or Outlook calendar (first names and services only)."
        as="h3"
      />
      {shown ? (
        <div className="mt-3 flex flex-col gap-1">
          <label htmlFor={urlId} className="text-sm font-semibold">
            The shop's calendar address (shown once: copy it now)
          </label>
          <input
            id={urlId}
            readOnly
            value={shown}
            onFocus={(e) => e.target.select()}
            className="rounded-lg border border-neutral-300 px-2 py-2 text-sm"
          />
        </div>
      ) : (
        <p className="mt-3 text-sm font-semibold">
          {feed.data?.active ? 'The shop’s calendar feed is on.' : 'No calendar feed yet.'}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => make.mutate()} disabled={make.isPending}>
          {feed.data?.active ? 'Replace the address' : 'Make the calendar address'}
        </Button>
        {feed.data?.active ? (
          <Button size="sm" variant="light" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
            Turn off the feed
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
