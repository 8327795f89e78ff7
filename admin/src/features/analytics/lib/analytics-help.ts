/**
 * What each figure means, in the owner's words: docs/decisions/0150-clients-and-analytics.md, "Analytics
 * definitions". Shown behind each card's help button and under each chart.
 */
export const ANALYTICS_HELP = {
  revenue: 'Completed appointments at the price they were booked at.',
  appointments: 'Confirmed, completed and no-show appointments starting in the period.',
  cancellations: 'Cancelled appointments that were due to start in the period.',
  noShowRate: 'No-shows as a share of the appointments in the period that have already started.',
  averageTicket: 'Revenue divided by the number of completed appointments.',
  clients:
    'New: clients on their first visit ever, not back since. Returning: clients who had been before their last ' +
    'visit in the period, counted over their whole history (an earlier visit in the period counts too).',
  retention:
    'Of the clients with a completed visit in the period, the share who came back for another completed visit ' +
    'within 6 weeks of their first one in the period.',
  rebookRate:
    'Of the completed visits in the period, the share after which the client booked their next appointment no ' +
    'later than 24 hours after the visit ended.',
  channel: 'Shares of the appointments booked online by clients and added as walk-ins at the shop.',
  daily: 'Revenue of completed appointments and the number of appointments kept on the books.',
  utilisation:
    "Booked minutes divided by the minutes the barber was available: their own hours, else the shop's, less " +
    'time off.',
  services: 'The most booked services of the period, with the revenue of their completed appointments.',
  heatmap: "Appointments by weekday and starting hour, in the shop's time zone.",
  myRevenue: 'Your completed appointments at the price they were booked at.',
  myAppointments: 'Your confirmed, completed and no-show appointments starting in the period.',
  myUtilisation: 'Your booked minutes divided by the minutes you were available (your hours, less time off).',
  myReturning: 'Clients you served in the period who had been to the shop before their last visit with you.',
} as const;

/** Definitions shown beside a figure, not only behind its help button (issue 28). */
export const ANALYTICS_NOTES = {
  retention: 'Clients with a completed visit who came back for another within 6 weeks.',
} as const;
