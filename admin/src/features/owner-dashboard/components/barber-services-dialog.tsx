import {
  type Barber,
  type BarberServicesInput,
  BarberServicesSchema,
  currencySymbol,
  formatDuration,
  formatMoney,
  type MoneyOptions,
  type Service,
  VISIT_MESSAGES,
} from '@barberly/common';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { showToast } from '../../../components/ui/toaster';
import { failureToast } from '../../../lib/dashboard-toasts';
import { useShopDisplay } from '../../../lib/shop-queries';
import { useSetBarberServices } from '../api/owner-api';
import { barberServicesSavedToast } from '../lib/messages';
import { SwitchRow } from './switch-row';

/** 'All services', or '3 of 6 services' (only the shop's current services count). */
export function barberServicesLabel(barber: Pick<Barber, 'offersAllServices' | 'services'>, services: Service[]) {
  if (barber.offersAllServices ?? true) return 'All services';
  const ids = new Set(services.map((s) => s.id));
  const offered = (barber.services ?? []).filter((s) => ids.has(s.serviceId)).length;
  return `${offered} of ${services.length} ${services.length === 1 ? 'service' : 'services'}`;
}

interface Row {
  offered: boolean;
  /** What the owner typed; empty: the shop's own duration or price. */
  duration: string;
  price: string;
}

function rowsOf(barber: Barber, services: Service[]): Record<string, Row> {
  const all = barber.offersAllServices ?? true;
  const own = new Map((barber.services ?? []).map((s) => [s.serviceId, s]));
  return Object.fromEntries(
    services.map((service) => {
      const o = own.get(service.id);
      return [
        service.id,
        {
          offered: all || Boolean(o),
          duration: o?.durationMinutes == null ? '' : String(o.durationMinutes),
          price: o?.price == null ? '' : String(o.price),
        },
      ];
    }),
  );
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

type RowErrors = { duration?: string; price?: string };
interface Errors {
  form?: string;
  rows: Record<string, RowErrors>;
}

/**
 * The PUT body: doing every service sends only the rows with an own duration or price; a subset sends the services
 * ticked (with their overrides). Errors are in VISIT_MESSAGES' words, per service.
 */
export function barberServicesRequest(
  offersAll: boolean,
  rows: Record<string, Row>,
  services: Service[],
): { input: BarberServicesInput } | { errors: Errors } {
  const list = services
    .filter((s) => (offersAll ? rows[s.id]!.duration.trim() || rows[s.id]!.price.trim() : rows[s.id]!.offered))
    .map((s) => ({
      serviceId: s.id,
      durationMinutes: numberOrNull(rows[s.id]!.duration),
      price: numberOrNull(rows[s.id]!.price),
    }));
  const errors: Errors = { rows: {} };
  if (!offersAll && list.length === 0) errors.form = VISIT_MESSAGES.services;
  const parsed = BarberServicesSchema.safeParse({ offersAllServices: offersAll, services: list });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path;
      const serviceId = typeof index === 'number' ? list[index]?.serviceId : undefined;
      if (!serviceId) {
        errors.form ??= issue.message;
        continue;
      }
      const row = errors.rows[serviceId] ?? {};
      errors.rows[serviceId] = row;
      // NaN from a stray character fails as 'expected number': say the rule instead.
      if (field === 'durationMinutes') row.duration = VISIT_MESSAGES.overrideDuration;
      if (field === 'price') row.price = issue.code === 'too_big' ? issue.message : VISIT_MESSAGES.overridePrice;
    }
  }
  if (errors.form || Object.keys(errors.rows).length > 0) return { errors };
  return { input: { offersAllServices: offersAll, services: list } };
}

function ServiceRow({
  service,
  row,
  offersAll,
  errors,
  money,
  onChange,
}: {
  service: Service;
  row: Row;
  offersAll: boolean;
  errors?: RowErrors;
  money?: MoneyOptions;
  onChange: (row: Row) => void;
}) {
  const offered = offersAll || row.offered;
  return (
    <li className="rounded-xl border border-neutral-200 p-3">
      <fieldset aria-label={service.name}>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            checked={offered}
            disabled={offersAll}
            onChange={(event) => onChange({ ...row, offered: event.target.checked })}
            className="size-5 shrink-0 accent-amber-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:cursor-not-allowed"
          />
          <span className="min-w-0 flex-1 break-words text-sm font-semibold">{service.name}</span>
          <span className="shrink-0 text-xs text-neutral-500">
            {formatDuration(service.durationMinutes)} · {formatMoney(service.price, money)}
          </span>
        </label>
        {offered ? (
          <div className="mt-3 grid grid-cols-2 gap-3">
            <Field
              label="Own duration (min)"
              type="number"
              inputMode="numeric"
              min={5}
              step={5}
              placeholder={String(service.durationMinutes)}
              value={row.duration}
              error={errors?.duration}
              onChange={(event) => onChange({ ...row, duration: event.target.value })}
            />
            <Field
              label={`Own price (${currencySymbol(money)})`}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder={String(service.price)}
              value={row.price}
              error={errors?.price}
              onChange={(event) => onChange({ ...row, price: event.target.value })}
            />
          </div>
        ) : null}
      </fieldset>
    </li>
  );
}

/** Mounted each time the dialog opens, so it starts from the barber as saved. */
function BarberServicesForm({
  shopId,
  barber,
  services,
  onClose,
}: {
  shopId: string;
  barber: Barber;
  services: Service[];
  onClose: () => void;
}) {
  const save = useSetBarberServices(shopId);
  const money = useShopDisplay(shopId);
  const [offersAll, setOffersAll] = useState(barber.offersAllServices ?? true);
  const [rows, setRows] = useState<Record<string, Row>>(() => rowsOf(barber, services));
  const [errors, setErrors] = useState<Errors>({ rows: {} });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = barberServicesRequest(offersAll, rows, services);
    if ('errors' in request) {
      setErrors(request.errors);
      return;
    }
    setErrors({ rows: {} });
    try {
      await save.mutateAsync({ id: barber.id, input: request.input });
      showToast(barberServicesSavedToast(barber.name));
      onClose();
    } catch (error) {
      showToast(failureToast('Failed to save services', error));
    }
  };
  if (services.length === 0) {
    return <p className="text-sm text-neutral-600">Add services first: then choose which ones {barber.name} does.</p>;
  }
  return (
    <form noValidate onSubmit={submit} aria-label="Barber services" className="flex flex-col gap-4">
      <fieldset disabled={save.isPending} className="flex flex-col gap-4">
        <SwitchRow
          label="Does every service"
          hint="New services are included too. Turn off to choose."
          checked={offersAll}
          data-autofocus
          onChange={(event) => setOffersAll(event.target.checked)}
        />
        <ul aria-label="Services offered" className="flex flex-col gap-2">
          {services.map((service) => (
            <ServiceRow
              key={service.id}
              service={service}
              row={rows[service.id] ?? { offered: true, duration: '', price: '' }}
              offersAll={offersAll}
              errors={errors.rows[service.id]}
              money={money}
              onChange={(row) => setRows((current) => ({ ...current, [service.id]: row }))}
            />
          ))}
        </ul>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.form}
          </p>
        ) : null}
      </fieldset>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="light" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Services'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Who does what (issue 14): every service of the shop, or a checklist; each service offered may take the barber's
 * own duration and price (empty: the shop's, shown as the placeholder). Saved with one PUT.
 */
export function BarberServicesDialog({
  shopId,
  barber,
  services,
  open,
  onClose,
}: {
  shopId: string;
  barber: Barber | undefined;
  services: Service[];
  open: boolean;
  onClose: () => void;
}) {
  if (!barber) return null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Services of ${barber.name}`}
      description="What clients can book with this barber, and where their time or price differs from the shop's."
    >
      <BarberServicesForm shopId={shopId} barber={barber} services={services} onClose={onClose} />
    </Dialog>
  );
}
