/**
 * Recurring series (issue 14, decision 0160), split by responsibility (issue 24): the rule (rule.ts), the series'
 * rows and context (series-rows.ts), placing its visits (series-placement.ts), reading it (series-read.ts), the
 * owner's and the client's routes (series-owner.ts, series-client.ts), and its upkeep (series-upkeep.ts).
 */
export { acceptCollisionAsClient, createSeriesForBooking } from './series-client';
export { acceptCollision, createSeries, dismissCollision, getSeries, listSeries } from './series-owner';
export { managedSeriesOf } from './series-read';
export { cancelSeriesVisits, extendSeries } from './series-upkeep';
