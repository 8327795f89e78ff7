import {
  APPOINTMENT_STATUS_LABELS,
  type AppointmentStatus,
  type ClientDetail,
  type RebookSent,
} from '@barberly/common';
import { ArrowLeft, Download, Mail, Merge, Phone, RefreshCw, Send, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { useClient } from '../../../lib/client-queries';
import { useEraseClient, useExportClient, useSendRebook } from '../api/clients-api';
import { type ClientFormatters, formatInterval } from '../lib/format';
import { CHANNEL_WORDS, erasedToast, errorToast, exportedToast, rebookSentToast } from '../lib/messages';
import { ClientNotes } from './client-notes';
import { ClientTags } from './client-tags';
import type { ClientsMode } from './clients-state';
import { ConfirmDialog } from './confirm-dialog';
import { MergeDialog } from './merge-dialog';

const STATUS_STYLES: Record<AppointmentStatus, string> = {
  confirmed: 'bg-sky-100 text-sky-800',
  completed: 'bg-emerald-100 text-emerald-800',
  no_show: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-neutral-200 text-neutral-600',
};

/** One client, within the tab: contact, tags, figures, history, notes and (for the owner) the actions. */
export function ClientPage({
  shopId,
  clientId,
  mode,
  format,
  onBack,
}: {
  shopId: string;
  clientId: string;
  mode: ClientsMode;
  format: ClientFormatters;
  onBack: () => void;
}) {
  const client = useClient(shopId, clientId);
  const back = (
    <Button variant="light" size="sm" onClick={onBack} className="self-start">
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to clients
    </Button>
  );
  return (
    <div className="flex min-w-0 flex-col gap-5">
      {back}
      {client.isPending ? (
        <div className="grid place-items-center py-12 text-amber-500">
          <Spinner label="Loading client" />
        </div>
      ) : client.isError ? (
        <Card className="text-center">
          <p className="font-semibold">This client could not be loaded</p>
          <p className="mt-1 text-sm text-neutral-600">{client.error.message}</p>
          <Button className="mt-4" size="sm" onClick={() => void client.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </Card>
      ) : (
        <ClientDetailView shopId={shopId} client={client.data} mode={mode} format={format} />
      )}
    </div>
  );
}

function ClientDetailView({
  shopId,
  client,
  mode,
  format,
}: {
  shopId: string;
  client: ClientDetail;
  mode: ClientsMode;
  format: ClientFormatters;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The page replaced the list: focus goes to its heading, so a screen reader hears whose page this is.
  useEffect(() => headingRef.current?.focus(), []);
  const manage = client.canManage && mode === 'owner' && !client.erased;

  return (
    <>
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h2
              ref={headingRef}
              tabIndex={-1}
              className={cn(
                'text-2xl font-bold tracking-tight break-words outline-none',
                client.erased && 'text-neutral-500 italic',
              )}
            >
              {client.name}
            </h2>
            <div className="mt-2 flex flex-col gap-1 text-sm text-neutral-700">
              {client.email ? (
                <a href={`mailto:${client.email}`} className="inline-flex min-w-0 items-center gap-1.5 break-all">
                  <Mail aria-hidden="true" className="size-4 shrink-0" /> {client.email}
                </a>
              ) : null}
              {client.phone ? (
                <a href={`tel:${client.phone}`} className="inline-flex items-center gap-1.5">
                  <Phone aria-hidden="true" className="size-4 shrink-0" /> {format.phone(client.phone)}
                </a>
              ) : null}
              {!client.erased && !client.email && !client.phone ? (
                <p className="text-neutral-500">No e-mail or phone</p>
              ) : null}
              <p className="text-neutral-500">Client since {format.date(client.createdAt)}</p>
            </div>
          </div>
          {manage ? <OwnerActions shopId={shopId} client={client} format={format} /> : null}
        </div>
        {client.erased ? (
          <p className="mt-4 rounded-lg bg-neutral-100 p-3 text-sm text-neutral-700">
            This client was erased: their personal details are gone; their appointments stay in your books.
          </p>
        ) : (
          <ClientTags shopId={shopId} client={client} editable={manage} />
        )}
      </Card>
      <Figures client={client} format={format} />
      <History client={client} format={format} />
      {client.erased ? null : <ClientNotes shopId={shopId} client={client} format={format} />}
    </>
  );
}

function OwnerActions({ shopId, client, format }: { shopId: string; client: ClientDetail; format: ClientFormatters }) {
  const rebook = useSendRebook(shopId);
  const exporter = useExportClient(shopId, client.id);
  const erase = useEraseClient(shopId, client.id);
  const [sent, setSent] = useState<RebookSent | null>(null);
  const [merging, setMerging] = useState(false);
  const [erasing, setErasing] = useState(false);

  const sendRebook = async () => {
    try {
      const result = await rebook.mutateAsync(client.id);
      setSent(result);
      showToast(rebookSentToast({ ...result, sentTo: format.phone(result.sentTo) }));
    } catch (error) {
      showToast(errorToast('Rebook link not sent', error));
    }
  };
  const exportData = async () => {
    try {
      await exporter.mutateAsync();
      showToast(exportedToast);
    } catch (error) {
      showToast(errorToast('Export failed', error));
    }
  };
  const eraseClient = async () => {
    try {
      await erase.mutateAsync();
      setErasing(false);
      showToast(erasedToast);
    } catch {
      // Shown in the dialog, in the api's words.
    }
  };

  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <Button variant="light" size="sm" disabled={rebook.isPending} onClick={() => void sendRebook()}>
          <Send aria-hidden="true" className="size-4" /> Send rebook link
        </Button>
        <Button variant="light" size="sm" onClick={() => setMerging(true)}>
          <Merge aria-hidden="true" className="size-4" /> Merge with…
        </Button>
        <Button variant="light" size="sm" disabled={exporter.isPending} onClick={() => void exportData()}>
          <Download aria-hidden="true" className="size-4" /> Export data
        </Button>
        <Button
          variant="light"
          size="sm"
          className="text-red-700"
          onClick={() => {
            erase.reset();
            setErasing(true);
          }}
        >
          <Trash2 aria-hidden="true" className="size-4" /> Erase client
        </Button>
      </div>
      {sent ? (
        <p className="text-sm text-emerald-800" aria-live="polite">
          Rebook link sent to {format.phone(sent.sentTo)} {CHANNEL_WORDS[sent.channel]}
        </p>
      ) : null}
      <MergeDialog shopId={shopId} client={client} open={merging} onClose={() => setMerging(false)} format={format} />
      <ConfirmDialog
        open={erasing}
        title={`Erase ${client.name}?`}
        description="For privacy requests. This cannot be undone."
        confirmLabel="Erase client"
        danger
        pending={erase.isPending}
        error={erase.error?.message}
        onConfirm={() => void eraseClient()}
        onClose={() => setErasing(false)}
      >
        <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-700">
          <li>Their name, e-mail, phone, tags and notes are removed, and messages waiting to be sent are dropped.</li>
          <li>Their appointments are kept for the books: date, service, barber, price and status.</li>
          <li>
            Their recurring visits still ahead are cancelled and they leave the waitlist, without a message to them.
          </li>
          <li>The record stays as “Erased client”.</li>
        </ul>
      </ConfirmDialog>
    </div>
  );
}

function Figures({ client, format }: { client: ClientDetail; format: ClientFormatters }) {
  const figures: Array<{ label: string; value: string; note?: string }> = [
    { label: 'Visits', value: String(client.visits) },
    { label: 'Total spent', value: format.money(client.totalSpent, client.currency) },
    { label: 'No-shows', value: String(client.noShows) },
    { label: 'Usual interval', value: formatInterval(client.usualIntervalDays) },
    {
      label: 'Due back',
      value: client.dueDate ? format.calendarDate(client.dueDate) : '—',
      note: client.overdue ? 'Overdue' : undefined,
    },
    { label: 'Last visit', value: client.lastVisit ? format.date(client.lastVisit) : '—' },
    { label: 'Next appointment', value: client.nextAppointment ? format.dateTime(client.nextAppointment) : '—' },
    {
      label: 'Usually',
      value:
        [client.usualService?.name, client.usualBarber ? `with ${client.usualBarber.name}` : null]
          .filter(Boolean)
          .join(' ') || '—',
    },
  ];
  return (
    <section aria-labelledby="client-figures">
      <h3 id="client-figures" className="sr-only">
        Figures
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="min-w-0 rounded-xl border border-neutral-200 bg-white p-4">
            <dt className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">{figure.label}</dt>
            <dd className="mt-1 font-bold break-words tabular-nums">
              {figure.value}
              {figure.note ? (
                <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {figure.note}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function History({ client, format }: { client: ClientDetail; format: ClientFormatters }) {
  return (
    <Card>
      <CardHeader as="h3" title="Appointment history" description="Newest first." />
      {client.appointments.length === 0 ? (
        <p className="mt-4 text-sm text-neutral-600">No appointments yet.</p>
      ) : (
        <section
          aria-label="Appointment history, scrolls sideways"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
          tabIndex={0}
          className="mt-4 max-w-full overflow-x-auto"
        >
          <table className="w-full min-w-[36rem] border-collapse text-sm">
            <caption className="sr-only">Appointment history</caption>
            <thead className="border-b border-neutral-200 text-left text-xs tracking-wide text-neutral-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Service
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Barber
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Price
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {client.appointments.map((a) => (
                <tr key={a.id}>
                  <td className="py-2.5 pr-3 whitespace-nowrap tabular-nums">
                    {format.dateTime(a.startsAt)}
                    {a.source === 'walk_in' ? <span className="ml-2 text-xs text-neutral-500">Walk-in</span> : null}
                  </td>
                  <td className="py-2.5 pr-3">{a.serviceName}</td>
                  <td className="py-2.5 pr-3">{a.barberName}</td>
                  <td className="py-2.5 pr-3 whitespace-nowrap tabular-nums">{format.money(a.price, a.currency)}</td>
                  <td className="py-2.5">
                    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_STYLES[a.status])}>
                      {APPOINTMENT_STATUS_LABELS[a.status]}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Card>
  );
}
