import { Router } from 'express';
import type { Logger } from 'pino';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { pathParam } from '../shops/shop-access';
import { type AnalyticsDeps, getMyAnalytics, getShopAnalytics } from './analytics.service';
import { sharedAnalyticsCache } from './analytics-cache';
import { analyticsCsv } from './analytics-csv';

/**
 * Business analytics (issue 13, decision 0150): the owner's report and its CSV, and a barber's own numbers.
 * Their figures are read from `readDataSource` (a replica) when given; who may see them, from the primary.
 * Query: ?period=7d|30d|90d|12m|custom&from=YYYY-MM-DD&to=YYYY-MM-DD.
 */
export function analyticsRouter(
  options: AnalyticsDeps & {
    /**
     * Keep reports in this process's cache, listening on this database (routes.ts: when availability's cache is on,
     * the same rule). Without it (and without deps.reportCache) every report is computed.
     */
    cacheReports?: { connectionString: string; logger: Logger } | false;
  },
): Router {
  const { cacheReports, ...rest } = options;
  const deps: AnalyticsDeps = {
    ...rest,
    reportCache: rest.reportCache ?? (cacheReports ? sharedAnalyticsCache(cacheReports) : undefined),
  };
  const router = Router();

  router.get('/shops/:shopId/analytics', requireAuth, async (req, res) => {
    const { report } = await getShopAnalytics(deps, pathParam(req.params, 'shopId'), currentUser(req).id, req.query);
    res.set('Cache-Control', 'no-store');
    res.json(report);
  });

  router.get('/shops/:shopId/analytics.csv', requireAuth, async (req, res) => {
    const { shop, report } = await getShopAnalytics(
      deps,
      pathParam(req.params, 'shopId'),
      currentUser(req).id,
      req.query,
    );
    res.set('Cache-Control', 'no-store');
    // Slugs are [a-z0-9-] and the dates YYYY-MM-DD: nothing in the name needs quoting beyond the quotes.
    res.set(
      'Content-Disposition',
      `attachment; filename="analytics-${shop.slug}-${report.period.from}-${report.period.to}.csv"`,
    );
    res.type('text/csv; charset=utf-8').send(analyticsCsv(report));
  });

  router.get('/my/analytics', requireAuth, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await getMyAnalytics(deps, currentUser(req).id, req.query));
  });

  return router;
}
