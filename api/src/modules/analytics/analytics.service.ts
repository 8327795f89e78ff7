import {
  ANALYTICS_MESSAGES,
  AnalyticsQuerySchema,
  type AnalyticsReport,
  type BarberFigures,
  type BarberNumbers,
  localDateOf,
} from '@barberly/common';
import type { DataSource, EntityManager } from 'typeorm';
import { forbidden, HttpError, notFound, parseInput } from '../../platform/http/errors';
import { loadShopForNumbers } from '../barbers/barber-permissions';
import { loadLinkedBarber } from '../barbers/barber-settings.service';
import { loadPaymentAnalytics } from '../payments/money-analytics';
import type { ShopEntity } from '../shops/shop.entity';
import { findShopById, SHOP_NOT_FOUND } from '../shops/shop-access';
import {
  type BarberPeriodFigures,
  loadBarberFigures,
  loadDaily,
  loadHeatmap,
  loadOpenedOn,
  loadSummaries,
  loadTopServices,
} from './analytics.repository';
import type { AnalyticsCache } from './analytics-cache';
import { comparisonOf, resolvePeriods } from './analytics-period';
import { loadBarberFiguresRaw } from './analytics-raw-barbers';
import { loadDailyRaw, loadHeatmapRaw, loadTopServicesRaw } from './analytics-raw-days';
import { loadSummariesRaw } from './analytics-raw-summary';
import type { AnalyticsScope } from './analytics-scope';

export interface AnalyticsDeps {
  /** The primary: who may see which shop (a shop made a moment ago must be found). */
  dataSource: DataSource;
  /**
   * Where the reports' figures are read: a replica (DATABASE_READ_URL, decision 0174) that may lag the primary by
   * its replication delay; absent, `dataSource`.
   */
  readDataSource?: DataSource;
  /** The clock that decides "today" in the shop's zone (tests fix it). */
  now: () => Date;
  /** Reports kept per process until the shop's data changes (analytics-cache.ts); without it every one is computed. */
  reportCache?: AnalyticsCache;
  /**
   * false: compute every figure from the appointments alone (analytics-raw-*.ts), the reference the tests compare
   * the rollups with. By default the figures are read from the rollups and client visit rows kept on write
   * (analytics.repository.ts, decision 0188).
   */
  rollups?: boolean;
}

/** What a report depends on besides the shop's data: the periods, zone and currency (and the barber, for /my). */
function reportKey(scope: AnalyticsScope, who: string): string {
  const { current, prior } = scope;
  return `${who}|${current.from}|${current.to}|${prior.from}|${prior.to}|${scope.timeZone}|${scope.currency}`;
}

/** The report from the cache when there is one, else computed. */
function cached<T>(deps: AnalyticsDeps, shopId: string, key: string, compute: () => Promise<T>): Promise<T> {
  return deps.reportCache ? deps.reportCache.report(shopId, key, deps.now().getTime(), compute) : compute();
}

function scopeOf(deps: AnalyticsDeps, shop: ShopEntity, query: unknown): AnalyticsScope {
  const parsed = parseInput(AnalyticsQuerySchema, query);
  const { period, previous } = resolvePeriods(parsed, localDateOf(deps.now(), shop.timeZone));
  return { shopId: shop.id, timeZone: shop.timeZone, currency: shop.currency, current: period, prior: previous };
}

/** The figures' reads: the replica when there is one. */
const reader = (deps: AnalyticsDeps): EntityManager => (deps.readDataSource ?? deps.dataSource).manager;

const figures = ({ kind: _kind, ...rest }: BarberPeriodFigures): BarberFigures => rest;

/** The owner's report: GET /api/shops/{shopId}/analytics. */
export async function getShopAnalytics(
  deps: AnalyticsDeps,
  shopId: string,
  userId: string,
  query: unknown,
): Promise<{ shop: ShopEntity; report: AnalyticsReport }> {
  const manager = deps.dataSource.manager;
  // The owner, or a barber the owner lets see the shop's numbers (issue 26).
  const shop = await loadShopForNumbers(manager, shopId, userId);
  const scope = scopeOf(deps, shop, query);
  const report = await cached(deps, shop.id, reportKey(scope, 'shop'), () => computeShopReport(deps, shop, scope));
  return { shop, report };
}

async function computeShopReport(
  deps: AnalyticsDeps,
  shop: ShopEntity,
  scope: AnalyticsScope,
): Promise<AnalyticsReport> {
  const manager = reader(deps);
  const raw = deps.rollups === false;
  // Every statement at once, each on its own pool connection (TypeORM's manager takes one per query outside a
  // transaction): the report waits for the slowest, not for the sum (decision 0188, "the whole endpoint").
  const [summaries, barbers, services, heatmap, daily, openedOn, payments] = await Promise.all([
    (raw ? loadSummariesRaw : loadSummaries)(manager, scope, deps.now()),
    raw ? loadBarberFiguresRaw(manager, scope, null) : loadBarberFigures(manager, scope, null, true),
    (raw ? loadTopServicesRaw : loadTopServices)(manager, scope),
    (raw ? loadHeatmapRaw : loadHeatmap)(manager, scope),
    (raw ? loadDailyRaw : loadDaily)(manager, scope),
    loadOpenedOn(manager, shop.id, shop.timeZone),
    // Issue 27: collected beside booked revenue, no-shows before and after payment policies.
    loadPaymentAnalytics(manager, scope, deps.now()),
  ]);
  const { kind: _c, otherCurrencyAppointments, ...current } = summaries.current;
  const { kind: _p, otherCurrencyAppointments: _o, ...prior } = summaries.prior;
  return {
    currency: shop.currency.trim(),
    timeZone: shop.timeZone,
    period: scope.current,
    previous: scope.prior,
    current,
    prior,
    barbers: barbers.filter((b) => b.kind === 'current').map(figures),
    services,
    heatmap,
    daily,
    otherCurrencyAppointments,
    comparison: comparisonOf(openedOn, scope.prior, prior.appointments),
    payments,
  };
}

/** The barber row linked to the caller (the same rule as their schedule's), or 403 with analytics' own message. */
async function linkedBarber(manager: EntityManager, userId: string) {
  try {
    return await loadLinkedBarber(manager, userId);
  } catch (err) {
    if (err instanceof HttpError && err.status === 403) throw forbidden(ANALYTICS_MESSAGES.notBarber);
    throw err;
  }
}

/** The signed-in barber's own numbers: GET /api/my/analytics. */
export async function getMyAnalytics(deps: AnalyticsDeps, userId: string, query: unknown): Promise<BarberNumbers> {
  const manager = deps.dataSource.manager;
  const barber = await linkedBarber(manager, userId);
  const shop = await findShopById(manager, barber.shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  const scope = scopeOf(deps, shop, query);
  const { rows, openedOn } = await cached(deps, shop.id, reportKey(scope, `barber:${barber.id}`), async () => {
    const [rows, openedOn] = await Promise.all([
      (deps.rollups === false ? loadBarberFiguresRaw : loadBarberFigures)(reader(deps), scope, barber.id),
      loadOpenedOn(reader(deps), shop.id, shop.timeZone, barber.id),
    ]);
    return { rows, openedOn };
  });
  const current = rows.find((r) => r.kind === 'current');
  const prior = rows.find((r) => r.kind === 'prior');
  if (!current || !prior) throw notFound(SHOP_NOT_FOUND);
  const { barberId: _id, name: _name, ...priorFigures } = figures(prior);
  return {
    ...figures(current),
    currency: shop.currency.trim(),
    period: scope.current,
    previous: scope.prior,
    prior: priorFigures,
    comparison: comparisonOf(openedOn, scope.prior, prior.appointments),
  };
}
