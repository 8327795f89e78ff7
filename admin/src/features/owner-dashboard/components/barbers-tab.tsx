import type { Barber, Shop } from '@barberly/common';
import { CalendarClock, ListChecks, Pencil, Plus, UserRound, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useServices } from '../../../lib/shop-queries';
import { BarberPermissionsCard, PortfolioModerationCard, ShopCalendarFeedCard } from './barber-permissions-card';
import { BarberScheduleDialog } from './barber-schedule-dialog';
import { BarberServicesDialog, barberServicesLabel } from './barber-services-dialog';
import { JoinCodeCard } from './join-code-card';
import { EmptyState } from './services-tab';
import { BarberDialog } from './shop-dialogs';

function BarberAvatar({ barber }: { barber: Barber }) {
  const [broken, setBroken] = useState(false);
  if (barber.profileImageUrl && !broken) {
    return (
      <img
        src={barber.profileImageUrl}
        alt=""
        onError={() => setBroken(true)}
        className="size-24 rounded-full object-cover ring-4 ring-amber-100"
      />
    );
  }
  return (
    <span className="grid size-24 place-items-center rounded-full bg-neutral-100 text-neutral-400 ring-4 ring-amber-100">
      <UserRound aria-hidden="true" className="size-10" />
    </span>
  );
}

export function BarbersTab({
  shop,
  barbers,
  loading,
}: {
  shop: Shop;
  barbers: Barber[] | undefined;
  loading: boolean;
}) {
  const shopId = shop.id;
  const [dialog, setDialog] = useState<{ barber?: Barber } | null>(null);
  const [scheduleFor, setScheduleFor] = useState<Barber | null>(null);
  const [servicesFor, setServicesFor] = useState<Barber | null>(null);
  // Already loaded by the dashboard (same key): no request of its own.
  const services = useServices(shopId).data ?? [];
  const openAdd = () => setDialog({});
  return (
    <div className="flex flex-col gap-5">
      <CardHeader
        title="Barbers"
        description="Your team, as clients see them."
        actions={
          <Button size="sm" onClick={openAdd}>
            <Plus aria-hidden="true" className="size-4" /> Add Barber
          </Button>
        }
      />
      <JoinCodeCard shopId={shopId} />
      <BarberPermissionsCard shopId={shopId} />
      {loading ? (
        <div className="grid place-items-center py-12 text-amber-500">
          <Spinner label="Loading barbers" />
        </div>
      ) : !barbers?.length ? (
        <EmptyState
          icon={Users}
          title="No Barbers Added"
          text="Add your barbers so clients can see who will cut their hair."
          action={
            <Button onClick={openAdd}>
              <Plus aria-hidden="true" className="size-4" /> Add Your First Barber
            </Button>
          }
        />
      ) : (
        <ul aria-label="Barbers" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {barbers.map((barber) => (
            <li key={barber.id}>
              <Card className="flex h-full flex-col items-center text-center">
                <BarberAvatar barber={barber} />
                <h3 className="mt-4 break-words text-lg font-bold">{barber.name}</h3>
                <p className="mt-1 flex-1 text-sm text-neutral-600">{barber.bio}</p>
                <p className="mt-3 rounded-full bg-amber-50 px-3 py-0.5 text-xs font-semibold text-amber-900">
                  {barberServicesLabel(barber, services)}
                </p>
                <div className="mt-4 flex flex-wrap justify-center gap-2">
                  <Button
                    variant="light"
                    size="sm"
                    aria-label={`Edit ${barber.name}`}
                    onClick={() => setDialog({ barber })}
                  >
                    <Pencil aria-hidden="true" className="size-4" /> Edit
                  </Button>
                  <Button
                    variant="light"
                    size="sm"
                    aria-label={`Schedule for ${barber.name}`}
                    onClick={() => setScheduleFor(barber)}
                  >
                    <CalendarClock aria-hidden="true" className="size-4" /> Schedule
                  </Button>
                  <Button
                    variant="light"
                    size="sm"
                    aria-label={`Services for ${barber.name}`}
                    onClick={() => setServicesFor(barber)}
                  >
                    <ListChecks aria-hidden="true" className="size-4" /> Services
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <PortfolioModerationCard shopId={shopId} barberNames={new Map((barbers ?? []).map((b) => [b.id, b.name]))} />
      <ShopCalendarFeedCard shopId={shopId} />
      <BarberDialog shopId={shopId} barber={dialog?.barber} open={dialog !== null} onClose={() => setDialog(null)} />
      <BarberScheduleDialog
        shop={shop}
        barber={scheduleFor ?? undefined}
        open={scheduleFor !== null}
        onClose={() => setScheduleFor(null)}
      />
      <BarberServicesDialog
        shopId={shopId}
        barber={servicesFor ?? undefined}
        services={services}
        open={servicesFor !== null}
        onClose={() => setServicesFor(null)}
      />
    </div>
  );
}
