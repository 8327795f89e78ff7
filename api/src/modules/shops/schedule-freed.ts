import type { EntityManager } from 'typeorm';

/**
 * A port (issue 24): a change of a shop's or a barber's schedule that may free time (the shop's or a barber's hours,
 * removed time off). Shops and barbers sit below the features that follow such a change (the waitlist offers the
 * freed days to the clients waiting for them), so they call this hook and never import those features; the
 * composition root (routes.ts) wires it. It runs inside the change's transaction, so what it queues exists only if
 * the change commits. `range`: the time that changed; none means every day from today on.
 */
export type ScheduleFreedHook = (
  manager: EntityManager,
  shopId: string,
  range?: { start: Date; end: Date },
) => Promise<void>;
