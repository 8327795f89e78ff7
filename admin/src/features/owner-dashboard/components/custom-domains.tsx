import { Copy, ExternalLink, Plus, RefreshCw, Star } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { DotBreaks } from '../../../components/ui/dot-breaks';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { failureToast } from '../../../lib/dashboard-toasts';
import { anchors } from '../../../lib/routes';
import {
  type DnsRecord,
  type Domain,
  type DomainStatus,
  useAddDomain,
  useDomains,
  useMakeDomainPrimary,
  useRemoveDomain,
  useVerifyDomain,
} from '../api/domains-api';
import { copyText } from '../lib/clipboard';
import {
  copyFailedToast,
  dnsValueCopiedToast,
  domainAddedToast,
  domainCheckResults,
  domainPrimaryToast,
  domainRemovedToast,
} from '../lib/messages';

/** The badge says the status in words; the colour only repeats it. Each pair passes AA (800/900 on 100). */
const STATUS: Record<DomainStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-900' },
  verified: { label: 'Verified', className: 'bg-sky-100 text-sky-900' },
  active: { label: 'Active', className: 'bg-emerald-100 text-emerald-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
};

function StatusBadge({ status }: { status: DomainStatus }) {
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS[status].className)}>
      {STATUS[status].label}
    </span>
  );
}

/** 'Copy TXT value'; two records of one type (two A records, say) add the name to tell the buttons apart. */
function copyLabelOf(record: DnsRecord, records: DnsRecord[]): string {
  const sameType = records.filter((r) => r.type === record.type).length > 1;
  return sameType ? `Copy ${record.type} value for ${record.name}` : `Copy ${record.type} value`;
}

/**
 * The records to create at the domain provider. The table scrolls inside its own box and long values (TXT tokens)
 * break anywhere, so a 360 px phone never scrolls the page sideways.
 */
function DnsRecords({ hostname, records }: { hostname: string; records: DnsRecord[] }) {
  return (
    <div className="mt-2 overflow-x-auto rounded-lg border border-neutral-200">
      <table className="w-full min-w-[15rem] table-fixed text-left text-sm">
        <caption className="sr-only">DNS records to add for {hostname}</caption>
        <thead className="bg-neutral-50 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="w-16 px-2 py-2 sm:px-3">
              Type
            </th>
            <th scope="col" className="w-[30%] px-2 py-2 sm:px-3">
              Name
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3">
              Value
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 text-neutral-900">
          {records.map((record) => (
            <tr key={`${record.type} ${record.name} ${record.value}`}>
              <td className="px-2 py-2 align-top font-mono sm:px-3">{record.type}</td>
              <td className="px-2 py-2 align-top font-mono sm:px-3">
                <DotBreaks name={record.name} />
              </td>
              <td className="py-1 pr-1 pl-2 align-top sm:pl-3">
                {/* On a phone the copy button goes under the value, which then has the cell's whole width. */}
                <div className="flex flex-col items-start gap-1 sm:flex-row">
                  <code className="min-w-0 flex-1 self-stretch py-1 break-all">{record.value}</code>
                  <Button
                    variant="light"
                    size="sm"
                    className="shrink-0 px-2"
                    aria-label={copyLabelOf(record, records)}
                    onClick={async () =>
                      showToast((await copyText(record.value)) ? dnsValueCopiedToast(record.type) : copyFailedToast)
                    }
                  >
                    <Copy aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DomainItem({
  shopId,
  domain,
  primaryHostname,
  canMakePrimary,
}: {
  shopId: string;
  domain: Domain;
  /** The active domain's hostname, that a verified one redirects to. */
  primaryHostname: string | undefined;
  canMakePrimary: boolean;
}) {
  const verify = useVerifyDomain(shopId);
  const makePrimary = useMakeDomainPrimary(shopId);
  const remove = useRemoveDomain(shopId);
  // The status the last Check now answered: its sentence shows while the domain still has that status.
  const [checked, setChecked] = useState<DomainStatus | null>(null);
  const headingId = useId();
  const { hostname, status } = domain;
  const needsRecords = (status === 'pending' || status === 'failed') && domain.records.length > 0;

  const check = async () => {
    try {
      setChecked((await verify.mutateAsync(domain.id)).status);
    } catch (error) {
      showToast(failureToast('Failed to check the domain', error));
    }
  };

  return (
    <li aria-labelledby={headingId} className="min-w-0 rounded-xl border border-neutral-200 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="min-w-0 font-semibold text-neutral-900">
          <DotBreaks name={hostname} />
        </h4>
        <StatusBadge status={status} />
        {domain.primary ? <span className="text-xs font-semibold text-neutral-600">Primary address</span> : null}
      </div>
      {status === 'active' ? (
        <p className="mt-2 text-sm text-neutral-800">
          Your site is live at{' '}
          <a
            href={`https://${hostname}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-semibold break-all text-amber-800 underline underline-offset-2 hover:text-amber-900"
          >
            https://{hostname}
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
          </a>
        </p>
      ) : null}
      {status === 'verified' ? (
        <p className="mt-2 text-sm text-neutral-700">
          {primaryHostname ? (
            <>
              Redirects to{' '}
              <span className="font-medium">
                <DotBreaks name={primaryHostname} />
              </span>
              .
            </>
          ) : (
            'Redirects to your primary address.'
          )}
        </p>
      ) : null}
      {domain.reason ? (
        <p className={cn('mt-2 text-sm', status === 'failed' ? 'text-red-700' : 'text-neutral-700')}>{domain.reason}</p>
      ) : null}
      {needsRecords ? (
        <>
          <p className="mt-3 text-sm text-neutral-700">
            {status === 'failed'
              ? 'Set these records at your domain provider (some call Name "Host"), then press Check now.'
              : 'Add these records at your domain provider (some call Name "Host"). We check for them automatically for 72 hours.'}
          </p>
          <DnsRecords hostname={hostname} records={domain.records} />
        </>
      ) : null}
      <p role="status" className="mt-2 text-sm text-neutral-700 empty:hidden">
        {checked === status ? domainCheckResults[status] : null}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="light"
          size="sm"
          aria-describedby={headingId}
          aria-busy={verify.isPending}
          disabled={verify.isPending}
          onClick={() => void check()}
        >
          <RefreshCw aria-hidden="true" className={cn('size-4', verify.isPending && 'motion-safe:animate-spin')} />
          {verify.isPending ? 'Checking...' : 'Check now'}
        </Button>
        {canMakePrimary ? (
          <Button
            variant="light"
            size="sm"
            aria-describedby={headingId}
            disabled={makePrimary.isPending}
            onClick={async () => {
              try {
                await makePrimary.mutateAsync(domain.id);
                showToast(domainPrimaryToast(hostname));
              } catch (error) {
                showToast(failureToast('Failed to change the primary address', error));
              }
            }}
          >
            <Star aria-hidden="true" className="size-4" /> {makePrimary.isPending ? 'Switching...' : 'Make primary'}
          </Button>
        ) : null}
        <ConfirmDelete
          label="Remove"
          size="sm"
          accessibleLabel={`Remove ${hostname}`}
          question={
            domain.primary
              ? `Remove ${hostname}? Your site goes back to its subdomain URL.`
              : `Remove ${hostname}? It stops leading to your booking page.`
          }
          pending={remove.isPending}
          pendingLabel="Removing..."
          onConfirm={async () => {
            try {
              await remove.mutateAsync(domain.id);
              showToast(domainRemovedToast);
            } catch (error) {
              showToast(failureToast('Failed to remove the domain', error));
            }
          }}
        />
      </div>
    </li>
  );
}

/** The hostname as typed, trimmed and lowercased; the api decides whether it is a valid one. */
export function normaliseHostname(typed: string): string {
  return typed.trim().toLowerCase();
}

function ConnectDomainForm({ shopId, onClose }: { shopId: string; onClose: () => void }) {
  const add = useAddDomain(shopId);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<{ message: string; planLimit: boolean } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const hostname = normaliseHostname(typed);
    if (!hostname) {
      setError({ message: 'Enter a domain, like www.yourshop.com', planLimit: false });
      return;
    }
    try {
      await add.mutateAsync(hostname);
      showToast(domainAddedToast);
      onClose();
    } catch (failure) {
      // The typed value stays, so the owner corrects it rather than typing it again.
      setError({
        message: failure instanceof Error ? failure.message : 'The domain could not be connected',
        planLimit: failure instanceof ApiError && failure.status === 402,
      });
      inputRef.current?.focus();
    }
  };

  return (
    <form
      noValidate
      aria-label="Connect a domain"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-neutral-50 p-3 sm:p-4"
    >
      <Field
        ref={inputRef}
        label="Domain"
        placeholder="www.yourshop.com"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setError(null);
        }}
        readOnly={add.isPending}
        error={error?.message}
        hint="An address you own, without https://."
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      {error?.planLimit ? (
        <p className="text-sm text-neutral-800">
          <a href={`#${anchors.plan}`} className="font-semibold text-amber-800 underline underline-offset-2">
            See the plans
          </a>{' '}
          to choose one with custom domains.
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="light" size="sm" onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? 'Connecting...' : 'Connect'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The owner's own addresses (issue 16): connect a domain, see the DNS records to create, check them, choose the
 * primary one (the others redirect to it) and remove them.
 */
export function CustomDomains({ shopId }: { shopId: string }) {
  const domains = useDomains(shopId);
  const [adding, setAdding] = useState(false);
  const titleId = useId();
  const connectRef = useRef<HTMLButtonElement>(null);
  // Closing the form puts focus back on the button that opened it (it is not there while the form is open).
  const closedForm = useRef(false);
  useEffect(() => {
    if (!adding && closedForm.current) connectRef.current?.focus();
  }, [adding]);
  const closeForm = () => {
    closedForm.current = true;
    setAdding(false);
  };

  const list = domains.data ?? [];
  const primary = list.find((d) => d.primary);
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-neutral-800">
          Custom Domains
        </h3>
        {adding || !domains.isSuccess ? null : (
          <Button ref={connectRef} variant="light" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" /> Connect a domain
          </Button>
        )}
      </div>
      {adding ? <ConnectDomainForm shopId={shopId} onClose={closeForm} /> : null}
      {domains.isPending ? (
        <div className="text-amber-500">
          <Spinner className="size-5" label="Loading your domains" />
        </div>
      ) : domains.isError ? (
        <div className="text-sm text-neutral-600">
          <p>Your domains could not be loaded: {domains.error.message}</p>
          <Button className="mt-2" variant="light" size="sm" onClick={() => void domains.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-neutral-600">
          Use your own address, like www.yourshop.com. We'll show you the DNS records to add.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((domain) => (
            <DomainItem
              key={domain.id}
              shopId={shopId}
              domain={domain}
              primaryHostname={primary?.hostname}
              canMakePrimary={domain.status === 'verified' && primary !== undefined && primary.id !== domain.id}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
