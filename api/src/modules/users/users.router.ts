import { type BarberDashboard, SetRoleSchema } from '@barberly/common';
import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { type AuthUser, currentUser, requireAuth } from '../../platform/http/auth-context';
import { parseInput } from '../../platform/http/errors';
import { BarberEntity } from '../barbers/barber.entity';
import { effectivePermissions } from '../barbers/barber-permissions';
import { ServiceEntity } from '../services/service.entity';
import type { ShopEntity } from '../shops/shop.entity';
import { findShopById } from '../shops/shop-access';
import { getUser, setRole, updateMe } from './users.service';

/**
 * A port (issue 24): the barber's day (today's count, their clients, the upcoming visits) of the barber rows linked to
 * a user. Appointments sit above users, so the dashboard asks through this, and routes.ts wires the appointments'
 * reader in.
 */
export type BarberDayReader = (
  shop: ShopEntity,
  barberIds: string[],
) => Promise<Pick<BarberDashboard, 'todayAppointments' | 'totalClients' | 'upcomingAppointments'>>;

/** The signed-in user's own account. Nobody reads or changes another user's account. */
export function usersRouter(deps: { dataSource: DataSource; barberDay: BarberDayReader }): Router {
  const router = Router();
  const manager = deps.dataSource.manager;

  router.get('/auth/user', requireAuth, async (req, res) => {
    res.json(await getUser(manager, currentUser(req)));
  });

  router.post('/auth/role', requireAuth, async (req, res) => {
    const { role } = parseInput(SetRoleSchema, req.body);
    res.json(await setRole(manager, currentUser(req), role));
  });

  router.patch('/users/me', requireAuth, async (req, res) => {
    res.json(await updateMe(manager, currentUser(req), req.body));
  });

  /** The barber's day: their shop, today's and upcoming appointments of the barber rows linked to them. */
  router.get('/barber/dashboard', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await barberDashboard(deps, currentUser(req)));
  });

  /** Navigation target of Logout: the browser drops its stored session, then lands on the home page. */
  router.get('/logout', (_req, res) => {
    res.set('Clear-Site-Data', '"storage"');
    res.set('Cache-Control', 'no-store');
    res.redirect(302, '/');
  });

  return router;
}

async function barberDashboard(
  deps: { dataSource: DataSource; barberDay: BarberDayReader },
  authUser: AuthUser,
): Promise<BarberDashboard> {
  const manager = deps.dataSource.manager;
  const user = await getUser(manager, authUser);
  const shop = user.shopId ? await findShopById(manager, user.shopId) : null;
  if (!shop) {
    return { shop: null, barber: null, todayAppointments: 0, totalClients: 0, myServices: 0, upcomingAppointments: [] };
  }
  const [barbers, myServices] = await Promise.all([
    manager
      .getRepository(BarberEntity)
      .find({ where: { shopId: shop.id, userId: user.id }, order: { createdAt: 'ASC' } }),
    // Every barber of a shop offers the shop's services.
    manager.getRepository(ServiceEntity).count({ where: { shopId: shop.id } }),
  ]);
  const day = await deps.barberDay(
    shop,
    barbers.map((b) => b.id),
  );
  // Issue 26: without the owner's leave to see clients' phone and e-mail, the list shows names only.
  if (barbers[0] && !effectivePermissions(shop, barbers[0]).seeClientContacts) {
    day.upcomingAppointments = day.upcomingAppointments.map((a) => ({
      ...a,
      client: { ...a.client, email: '', phone: '' },
    }));
  }
  return {
    shop: {
      id: shop.id,
      slug: shop.slug,
      name: shop.name,
      timeZone: shop.timeZone,
      currency: shop.currency,
      locale: shop.locale,
      clock: shop.clock,
    },
    barber: barbers[0] ? { id: barbers[0].id, name: barbers[0].name } : null,
    myServices: barbers.length ? myServices : 0,
    ...day,
  };
}
