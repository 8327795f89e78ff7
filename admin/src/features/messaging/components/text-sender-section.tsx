import { phoneCountries, REPLY_WINDOW_DAYS, type ShopTextSender } from '@barberly/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, X } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { api } from '../../../lib/api-client';

const senderPath = (shopId: string) => `/api/shops/${shopId}/messaging/sender`;
const countriesPath = (shopId: string) => `/api/shops/${shopId}/messaging/countries`;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => regionNames.of(code) ?? code;

/** GET /api/shops/{id}/messaging/sender: who sends the shop's SMS and the countries it texts. */
function useTextSender(shopId: string) {
  return useQuery({
    queryKey: [senderPath(shopId)],
    queryFn: () => api.get<ShopTextSender>(senderPath(shopId)),
  });
}

/** PUT /api/shops/{id}/messaging/countries {countries}: null goes back to the shop's own country. */
function useSetTextCountries(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (countries: string[] | null) => api.put<ShopTextSender>(countriesPath(shopId), { countries }),
    onSuccess: (sender) => queryClient.setQueryData([senderPath(shopId)], sender),
  });
}

/** The sender in words: the owner sees whose number clients get texts from, and where their replies go. */
function SenderLine({ sender }: { sender: ShopTextSender }) {
  if (sender.kind === 'number') {
    return (
      <p className="text-sm text-neutral-700">
        Your texts come from your own number, <span className="font-semibold text-neutral-900">{sender.number}</span>.
        Every reply to it reaches you.
      </p>
    );
  }
  if (sender.kind === 'messaging_service') {
    return (
      <p className="text-sm text-neutral-700">
        Your texts come from your own Twilio Messaging Service. Every reply to it reaches you.
      </p>
    );
  }
  return (
    <p className="text-sm text-neutral-700">
      Your texts come from Barberly's shared number. A client's reply reaches you when you texted them in the last{' '}
      {REPLY_WINDOW_DAYS} days; if another shop did too, the client is asked which shop they mean. Ask us for a number
      of your own.
    </p>
  );
}

/**
 * Who texts the shop's clients, and where to (issue 23): the sender (shared, or the shop's own, set by an operator)
 * and the countries the shop sends texts to, its own country unless the owner adds more. Only mobile numbers in
 * these countries get texts; everyone else gets e-mail.
 */
export function TextSenderSection({ shopId }: { shopId: string }) {
  const sender = useTextSender(shopId);
  const save = useSetTextCountries(shopId);
  const [draft, setDraft] = useState<string[] | null>(null);
  const [adding, setAdding] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const listId = useId();
  const allCountries = useMemo(
    () =>
      phoneCountries()
        .map((code) => ({ value: code, label: countryName(code) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [],
  );

  if (sender.isPending) {
    return (
      <section aria-labelledby={titleId} className="mt-6 border-t border-neutral-200 pt-5">
        <h3 id={titleId} className="text-sm font-semibold text-neutral-800">
          Sender and countries
        </h3>
        <div className="grid place-items-center py-4 text-amber-500">
          <Spinner label="Loading the sender and countries" />
        </div>
      </section>
    );
  }
  if (sender.isError) {
    return (
      <section aria-labelledby={titleId} className="mt-6 border-t border-neutral-200 pt-5">
        <h3 id={titleId} className="text-sm font-semibold text-neutral-800">
          Sender and countries
        </h3>
        <p className="mt-2 text-sm text-neutral-700">The sender could not be loaded: {sender.error.message}</p>
        <Button className="mt-2" variant="light" size="sm" onClick={() => void sender.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" /> Try again
        </Button>
      </section>
    );
  }

  const saved = sender.data;
  const countries = draft ?? saved.countries;
  const changed = draft !== null && draft.join(',') !== saved.countries.join(',');
  const choices = allCountries.filter((c) => !countries.includes(c.value));

  const submit = async (next: string[] | null) => {
    setFailure(null);
    try {
      await save.mutateAsync(next);
      setDraft(null);
      showToast({
        title: 'Countries saved',
        description: 'Texts go only to mobile numbers in these countries.',
        variant: 'success',
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The countries could not be saved');
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(countries);
  };

  return (
    <section aria-labelledby={titleId} className="mt-6 border-t border-neutral-200 pt-5">
      <h3 id={titleId} className="text-sm font-semibold text-neutral-800">
        Sender and countries
      </h3>
      <div className="mt-2 flex flex-col gap-3">
        <SenderLine sender={saved} />
        <form noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-3">
          <fieldset disabled={save.isPending} className="flex min-w-0 flex-col gap-3">
            <legend className="text-sm font-medium text-neutral-800">Countries you text</legend>
            <p className="text-xs text-neutral-600">
              Texts go only to mobile numbers in these countries. Clients with other numbers get e-mail.
            </p>
            <ul id={listId} aria-label="Countries you text" className="flex flex-wrap gap-2">
              {countries.map((code) => (
                <li
                  key={code}
                  className="inline-flex items-center gap-1 rounded-full bg-neutral-100 py-1 pr-1 pl-3 text-sm text-neutral-900"
                >
                  {countryName(code)}
                  {countries.length > 1 ? (
                    <button
                      type="button"
                      aria-label={`Remove ${countryName(code)}`}
                      onClick={() => setDraft(countries.filter((c) => c !== code))}
                      className="grid size-7 place-items-center rounded-full text-neutral-600 hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-amber-500"
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <SelectField
                className="min-w-0 sm:max-w-xs sm:flex-1"
                label="Add a country"
                value={adding}
                options={[{ value: '', label: 'Choose a country' }, ...choices]}
                onChange={(event) => setAdding(event.target.value)}
              />
              <Button
                type="button"
                variant="light"
                disabled={!adding}
                aria-controls={listId}
                onClick={() => {
                  setDraft([...countries, adding]);
                  setAdding('');
                }}
              >
                Add
              </Button>
            </div>
          </fieldset>
          {failure ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {failure}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            {saved.custom ? (
              <Button type="button" variant="light" disabled={save.isPending} onClick={() => void submit(null)}>
                Only {countryName(saved.homeCountry)}
              </Button>
            ) : null}
            <Button type="submit" disabled={!changed || save.isPending}>
              {save.isPending ? 'Saving...' : 'Save countries'}
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}
