import { formatDuration, type MyServiceRow } from '@barberly/common';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { useMyServices, useSaveMyServices } from '../api/my-api';

type Draft = Record<string, { duration: string; price: string }>;

const draftOf = (rows: MyServiceRow[]): Draft =>
  Object.fromEntries(
    rows.map((r) => [
      r.serviceId,
      { duration: r.ownDurationMinutes?.toString() ?? '', price: r.ownPrice?.toString() ?? '' },
    ]),
  );

/**
 * My Services (issue 26): the services the barber does, with the shop's length and price and their own where the
 * owner lets barbers set them (an empty box keeps the shop's). Without that leave the list is read-only and says whom
 * to ask.
 */
export function MyServicesScreen() {
  const services = useMyServices();
  const save = useSaveMyServices();
  const [draft, setDraft] = useState<Draft>({});
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (services.data) setDraft(draftOf(services.data.services));
  }, [services.data]);

  if (services.isPending) {
    return (
      <div className="grid place-items-center py-10 text-amber-500">
        <Spinner label="Loading your services" />
      </div>
    );
  }
  if (services.isError) {
    return <p className="text-sm text-neutral-700">Your services could not be loaded: {services.error.message}</p>;
  }
  const data = services.data;
  const offered = data.services.filter((s) => s.offered);
  const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: data.currency });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const rows = offered.map((s) => {
      const d = draft[s.serviceId] ?? { duration: '', price: '' };
      return {
        serviceId: s.serviceId,
        durationMinutes: d.duration.trim() === '' ? null : Number(d.duration),
        price: d.price.trim() === '' ? null : Number(d.price),
      };
    });
    try {
      await save.mutateAsync(rows);
      showToast({ title: 'Your services are saved', variant: 'success' });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Card>
      <CardHeader
        title="My Services"
        description={
          data.canEdit
            ? 'Set your own length and price; leave a box empty to use the shop’s.'
            : 'The services you do, at the shop’s length and price. Ask the shop owner to let you set your own.'
        }
      />
      {offered.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-neutral-300 py-10 text-center text-neutral-600">
          You do no services yet. Ask the shop owner to add you to some.
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} aria-label="My services" className="mt-4">
          <ul className="divide-y divide-neutral-100">
            {offered.map((s) => {
              const d = draft[s.serviceId] ?? { duration: '', price: '' };
              const set = (patch: Partial<typeof d>) => setDraft({ ...draft, [s.serviceId]: { ...d, ...patch } });
              return (
                <li
                  key={s.serviceId}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{s.name}</p>
                    <p className="text-sm text-neutral-600">
                      Shop: {formatDuration(s.durationMinutes)} · {money.format(s.price)}
                      {!data.canEdit && (s.ownDurationMinutes !== null || s.ownPrice !== null)
                        ? ` · Yours: ${formatDuration(s.ownDurationMinutes ?? s.durationMinutes)} · ${money.format(s.ownPrice ?? s.price)}`
                        : ''}
                    </p>
                  </div>
                  {data.canEdit ? (
                    <div className="flex gap-2">
                      <label className="flex flex-col text-xs font-semibold text-neutral-700">
                        Minutes
                        <input
                          type="number"
                          inputMode="numeric"
                          min={5}
                          max={480}
                          step={5}
                          placeholder={String(s.durationMinutes)}
                          aria-label={`Your length for ${s.name}, minutes`}
                          className="mt-1 w-24 rounded-lg border border-neutral-300 px-2 py-2 text-base"
                          value={d.duration}
                          onChange={(e) => set({ duration: e.target.value })}
                        />
                      </label>
                      <label className="flex flex-col text-xs font-semibold text-neutral-700">
                        Price
                        <input
                          type="number"
                          inputMode="decimal"
                          min={0}
                          step="0.01"
                          placeholder={String(s.price)}
                          aria-label={`Your price for ${s.name}`}
                          className="mt-1 w-28 rounded-lg border border-neutral-300 px-2 py-2 text-base"
                          value={d.price}
                          onChange={(e) => set({ price: e.target.value })}
                        />
                      </label>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {error ? (
            <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
              {error}
            </p>
          ) : null}
          {data.canEdit ? (
            <div className="mt-4 flex justify-end">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save my services'}
              </Button>
            </div>
          ) : null}
        </form>
      )}
    </Card>
  );
}
