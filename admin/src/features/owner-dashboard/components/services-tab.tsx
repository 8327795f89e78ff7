import {
  formatDuration,
  formatMinutes,
  formatMoney,
  packageSavingNote,
  packageSavings,
  type Service,
} from '@barberly/common';
import { Pencil, Plus, Scissors } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useShopDisplay } from '../../../lib/shop-queries';
import { ServiceDialog } from './shop-dialogs';

export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: typeof Scissors;
  title: string;
  text: string;
  action: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-neutral-300 bg-white px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-neutral-100 text-neutral-500">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-bold">{title}</h3>
      <p className="mt-1 max-w-sm text-sm text-neutral-600">{text}</p>
      <div className="mt-5">{action}</div>
    </div>
  );
}

/**
 * The card's 'N minutes' (spec 5), with a buffer '45 minutes + 10 min buffer': the owner sees the cleanup time,
 * clients never do.
 */
export function serviceLengthLabel(service: Pick<Service, 'durationMinutes' | 'bufferMinutes'>): string {
  const length = formatMinutes(service.durationMinutes);
  return service.bufferMinutes ? `${length} + ${formatDuration(service.bufferMinutes)} buffer` : length;
}

export function ServicesTab({
  shopId,
  services,
  loading,
}: {
  shopId: string;
  services: Service[] | undefined;
  loading: boolean;
}) {
  const [dialog, setDialog] = useState<{ service?: Service } | null>(null);
  const display = useShopDisplay(shopId);
  const openAdd = () => setDialog({});
  // A package cheaper than its parts booked apart says so, as the shop page does (issue 28).
  const savings = packageSavings(services ?? []);
  return (
    <div className="flex flex-col gap-5">
      <CardHeader
        title="Services"
        description="What clients can book, with price and duration."
        actions={
          <Button size="sm" onClick={openAdd}>
            <Plus aria-hidden="true" className="size-4" /> Add Service
          </Button>
        }
      />
      {loading ? (
        <div className="grid place-items-center py-12 text-amber-500">
          <Spinner label="Loading services" />
        </div>
      ) : !services?.length ? (
        <EmptyState
          icon={Scissors}
          title="No Services Added"
          text="Add the services clients can book, with their price and duration."
          action={
            <Button onClick={openAdd}>
              <Plus aria-hidden="true" className="size-4" /> Add Your First Service
            </Button>
          }
        />
      ) : (
        <ul aria-label="Services" className="grid gap-4 md:grid-cols-2">
          {services.map((service) => (
            <li key={service.id}>
              <Card className="flex h-full flex-col">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="min-w-0 break-words text-lg font-bold">{service.name}</h3>
                  <span className="shrink-0 text-lg font-bold text-amber-700">
                    {formatMoney(service.price, display)}
                  </span>
                </div>
                {service.description ? (
                  <p className="mt-1 flex-1 text-sm text-neutral-600">{service.description}</p>
                ) : (
                  <div className="flex-1" />
                )}
                {savings.has(service.id) ? (
                  <p className="mt-2 text-sm font-semibold text-emerald-800" data-package-saving="">
                    {packageSavingNote(savings.get(service.id)!, (n) => formatMoney(n, display))}
                  </p>
                ) : null}
                <div className="mt-4 flex items-center justify-between gap-2">
                  <span className="text-sm text-neutral-500">{serviceLengthLabel(service)}</span>
                  <Button
                    variant="light"
                    size="sm"
                    aria-label={`Edit ${service.name}`}
                    onClick={() => setDialog({ service })}
                  >
                    <Pencil aria-hidden="true" className="size-4" /> Edit
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ServiceDialog shopId={shopId} service={dialog?.service} open={dialog !== null} onClose={() => setDialog(null)} />
    </div>
  );
}
