import type { ClientDetail, ClientSummary } from '@barberly/common';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { useClients } from '../../../lib/client-queries';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMergeClient } from '../api/clients-api';
import type { ClientFormatters } from '../lib/format';
import { mergedToast, SEARCH_DEBOUNCE_MS } from '../lib/messages';

/**
 * Merge with…: search and pick the other record of the same person, then confirm. The other one is folded into this
 * one (docs/decisions/0150-clients-and-analytics.md, 'Merge').
 */
export function MergeDialog({
  shopId,
  client,
  open,
  onClose,
  format,
}: {
  shopId: string;
  client: ClientDetail;
  open: boolean;
  onClose: () => void;
  format: ClientFormatters;
}) {
  const merge = useMergeClient(shopId, client.id);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<ClientSummary | null>(null);
  const [confirming, setConfirming] = useState(false);
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const candidates = useClients(shopId, { q, filter: 'all', sort: 'name', page: 1 }, open);
  const others = (candidates.data?.clients ?? []).filter((c) => c.id !== client.id && !c.erased);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  const groupName = useId();

  useEffect(() => {
    if (!open) {
      setSearch('');
      setPicked(null);
      setConfirming(false);
      merge.reset();
    }
  }, [open, merge.reset]);
  // The step changed inside the open dialog: focus follows it.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const close = () => {
    if (!merge.isPending) onClose();
  };
  const submit = async () => {
    if (!picked) return;
    try {
      await merge.mutateAsync(picked.id);
      showToast(mergedToast(picked.name, client.name));
      onClose();
    } catch {
      // Shown in the dialog, in the api's words.
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Merge with ${client.name}`}
      description="For one person booked twice, under another e-mail or phone."
    >
      {confirming && picked ? (
        <div className="flex flex-col gap-3">
          <p ref={confirmRef} tabIndex={-1} className="font-semibold outline-none">
            Merge {picked.name} into {client.name}?
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-700">
            <li>
              {picked.name}'s appointments and notes move to {client.name}, and their tags are added.
            </li>
            <li>
              {client.name} keeps their own e-mail and phone and takes {picked.name}'s where they have none.
            </li>
            <li>
              {picked.name} no longer shows in your list; their later bookings land on {client.name}. This cannot be
              undone.
            </li>
          </ul>
          {merge.error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {merge.error.message}
            </p>
          ) : null}
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="light" disabled={merge.isPending} onClick={() => setConfirming(false)}>
              Back
            </Button>
            <Button disabled={merge.isPending} aria-busy={merge.isPending || undefined} onClick={() => void submit()}>
              Merge clients
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (picked) setConfirming(true);
          }}
        >
          <Field
            data-autofocus=""
            type="search"
            label="Find the other client"
            placeholder="Name, e-mail or phone"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-neutral-800">Client to merge in</legend>
            {candidates.isPending ? (
              <div className="grid place-items-center py-6 text-amber-500">
                <Spinner label="Loading clients" />
              </div>
            ) : candidates.isError ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {candidates.error.message}
              </p>
            ) : others.length === 0 ? (
              <p className="mt-2 text-sm text-neutral-600">No other client matches.</p>
            ) : (
              <div className="mt-2 flex max-h-64 flex-col gap-1 overflow-y-auto" aria-busy={candidates.isFetching}>
                {others.map((other) => (
                  <label
                    key={other.id}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border border-neutral-200 p-3 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50"
                  >
                    <input
                      type="radio"
                      name={groupName}
                      value={other.id}
                      checked={picked?.id === other.id}
                      onChange={() => setPicked(other)}
                      className="mt-1 accent-amber-600"
                    />
                    <span className="min-w-0">
                      <span className="block font-semibold break-words">{other.name}</span>
                      <span className="block truncate text-xs text-neutral-500">
                        {[other.email, format.phone(other.phone)].filter(Boolean).join(' · ') || 'No e-mail or phone'}
                        {` · ${other.visits === 1 ? '1 visit' : `${other.visits} visits`}`}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="light" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!picked}>
              Continue
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
