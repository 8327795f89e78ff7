import { ROLE_LABELS, type User } from '@barberly/common';
import { CalendarDays, Store } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { paths } from '../../../lib/routes';

/** /dashboard/client: a signed-in client's home. Bookings appear here once booking exists. */
export function ClientDashboard({ user }: { user: User }) {
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Welcome</h1>
        <p className="mt-1 break-all text-neutral-600">{user.email}</p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader title="My Appointments" description="Bookings you make at Barberly shops show up here." />
          <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-neutral-300 py-8 text-center text-neutral-500">
            <CalendarDays aria-hidden="true" className="size-8" />
            <p className="mt-2">No upcoming appointments</p>
          </div>
        </Card>
        <Card>
          <CardHeader title="My Account" />
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-neutral-500">Email</dt>
            <dd className="break-all font-medium">{user.email}</dd>
            <dt className="text-neutral-500">Account type</dt>
            <dd className="font-medium">{ROLE_LABELS[user.role ?? 'client']}</dd>
          </dl>
          <div className="mt-6 rounded-xl bg-amber-50 p-4">
            <p className="flex items-center gap-2 font-semibold">
              <Store aria-hidden="true" className="size-4" /> Own a barbershop?
            </p>
            <p className="mt-1 text-sm text-neutral-700">Build your booking website in a few minutes.</p>
            <Link to={paths.onboarding} className={buttonClasses('primary', 'sm', 'mt-3')}>
              Create Barbershop
            </Link>
          </div>
        </Card>
      </div>
    </div>
  );
}
