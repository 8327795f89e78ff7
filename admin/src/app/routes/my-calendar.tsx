/**
 * My Calendar (issue 26 item 1): the shop's calendar (issue 25) for the signed-in barber's own chair, day and week.
 * The api shows a barber only their chair and lets them book, move and block there as the owner allows; here the
 * calendar is given that one barber, so it shows their column alone. Composed in app/ (features never import each
 * other) and handed to BarberDashboard as `Calendar`.
 */
import type { Barber, MyProfile, Service } from '@barberly/common';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/ui/spinner';
import { api } from '../../lib/api-client';
import { ShopCalendar } from './shop-calendar';

export function MyCalendar({ shopId }: { shopId: string }) {
  const profile = useQuery({ queryKey: ['/api/my/profile'], queryFn: () => api.get<MyProfile>('/api/my/profile') });
  const services = useQuery({
    queryKey: [`/api/shops/${shopId}/services`],
    queryFn: () => api.get<Service[]>(`/api/shops/${shopId}/services`),
  });
  const barbers = useQuery({
    queryKey: [`/api/shops/${shopId}/barbers`],
    queryFn: () => api.get<Barber[]>(`/api/shops/${shopId}/barbers`),
  });
  const failed = profile.error ?? services.error ?? barbers.error;
  if (failed) return <p className="text-sm text-neutral-700">Your calendar could not be loaded: {failed.message}</p>;
  if (!profile.data || !services.data || !barbers.data) {
    return (
      <div className="grid place-items-center py-10 text-amber-500">
        <Spinner label="Loading your calendar" />
      </div>
    );
  }
  const me = barbers.data.filter((b) => b.id === profile.data.barberId);
  return <ShopCalendar shopId={shopId} services={services.data} barbers={me} />;
}
