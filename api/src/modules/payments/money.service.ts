import {
  type BarberEarnings,
  type BarberPay,
  BarberPaySchema,
  CHAIR_CHECKOUT_MESSAGES,
  type EarningsReport,
  LEDGER_TYPES,
  type Ledger,
  type LedgerRow,
  PAYMENT_MESSAGES,
  type PayoutsView,
} from '@barberly/common';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { badRequest, notFound, parseInput } from '../../platform/http/errors';
import { csvCell } from '../analytics/analytics-csv';
import { isUuid } from '../shops/shop-access';
import { loadMoneyScope, loadOwnerMoneyScope } from './money-access';
import { readyAccount } from './payments.service';
import { fromMinor, type PaymentsDeps } from './payments-stripe';

/**
 * The money views (issue 27 item 6, decision 0186): the shop's ledger (every charge, refund, fee and dispute),
 * its Stripe balance and payouts, and each barber's services revenue, tips and pay by the owner's choice.
 */

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');
const LedgerQuerySchema = z.object({
  from: date.optional(),
  to: date.optional(),
  type: z.enum(LEDGER_TYPES).optional(),
  barberId: z.string().uuid('Barber not found').optional(),
  format: z.enum(['json', 'csv']).optional(),
});

/** [from, to] as local days of the shop → instants; default: the last 30 days up to today. */
function range(timeZone: string, now: Date, from?: string, to?: string, defaultDays = 30) {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  const end = to ? DateTime.fromISO(to, { zone: timeZone }) : today;
  const start = from ? DateTime.fromISO(from, { zone: timeZone }) : end.minus({ days: defaultDays - 1 });
  if (!start.isValid || !end.isValid || end < start)
    throw badRequest('The period ends before it starts.', { to: 'The period ends before it starts.' });
  if (end.diff(start, 'days').days > 400)
    throw badRequest('A period is at most 400 days.', { from: 'A period is at most 400 days.' });
  return {
    from: start.toISODate() as string,
    to: end.toISODate() as string,
    startsAt: start.toJSDate(),
    endsAt: end.plus({ days: 1 }).toJSDate(),
    days: Math.round(end.plus({ days: 1 }).diff(start, 'days').days),
  };
}

const num = (v: string | number | null) => Math.round(Number(v ?? 0) * 100) / 100;

/** GET /api/shops/{shopId}/payments/ledger (?from&to&type&barberId; format=csv) — the owner's. */
export async function getLedger(deps: PaymentsDeps, shopId: string, userId: string, query: unknown): Promise<Ledger> {
  const q = parseInput(LedgerQuerySchema, query);
  const { shop } = await loadOwnerMoneyScope(deps.dataSource.manager, shopId, userId);
  const r = range(shop.timeZone, deps.now(), q.from, q.to);
  const params = [shop.id, r.startsAt, r.endsAt, q.barberId ?? null];
  const rows = (await deps.dataSource.query(
    `SELECT * FROM (
       SELECT p."id", p."created_at" AS "at",
         CASE WHEN p."kind" IN ('late_cancel_fee', 'no_show_fee') THEN 'fee' ELSE 'charge' END AS "type",
         p."kind", p."status", p."method", a."client_name", b."name" AS "barber_name", p."appointment_id",
         p."amount", p."tip_amount" AS "tip", p."refunded_amount" AS "refunded", p."currency",
         COALESCE(p."stripe_payment_intent_id", p."stripe_checkout_session_id") AS "reference",
         COALESCE(p."barber_id", a."barber_id") AS "barber_id"
       FROM "appointment_payments" p
       LEFT JOIN "appointments" a ON a."id" = p."appointment_id"
       LEFT JOIN "barbers" b ON b."id" = COALESCE(p."barber_id", a."barber_id")
       WHERE p."shop_id" = $1 AND p."created_at" >= $2 AND p."created_at" < $3
       UNION ALL
       SELECT r."id", r."created_at", 'refund', r."reason", r."status", p."method", a."client_name", b."name",
         r."appointment_id", r."amount", 0, 0, p."currency", r."stripe_refund_id", COALESCE(p."barber_id", a."barber_id")
       FROM "payment_refunds" r
       JOIN "appointment_payments" p ON p."id" = r."payment_id"
       LEFT JOIN "appointments" a ON a."id" = r."appointment_id"
       LEFT JOIN "barbers" b ON b."id" = COALESCE(p."barber_id", a."barber_id")
       WHERE r."shop_id" = $1 AND r."created_at" >= $2 AND r."created_at" < $3
       UNION ALL
       SELECT d."id", d."created_at", 'dispute', d."reason", d."status", p."method", a."client_name", b."name",
         d."appointment_id", d."amount", 0, 0, d."currency", d."stripe_dispute_id", COALESCE(p."barber_id", a."barber_id")
       FROM "payment_disputes" d
       LEFT JOIN "appointment_payments" p ON p."id" = d."payment_id"
       LEFT JOIN "appointments" a ON a."id" = d."appointment_id"
       LEFT JOIN "barbers" b ON b."id" = COALESCE(p."barber_id", a."barber_id")
       WHERE d."shop_id" = $1 AND d."created_at" >= $2 AND d."created_at" < $3
     ) x WHERE ($4::uuid IS NULL OR x."barber_id" = $4::uuid)
     ORDER BY x."at" DESC, x."id" LIMIT 5000`,
    params,
  )) as Array<{
    id: string;
    at: Date;
    type: LedgerRow['type'];
    kind: string;
    status: string;
    method: string | null;
    client_name: string | null;
    barber_name: string | null;
    appointment_id: string | null;
    amount: string;
    tip: string;
    refunded: string;
    currency: string;
    reference: string | null;
  }>;
  const list: LedgerRow[] = rows
    .filter((row) => !q.type || row.type === q.type)
    .map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      type: row.type,
      kind: row.kind,
      status: row.status,
      method: row.method,
      clientName: row.client_name,
      barberName: row.barber_name,
      appointmentId: row.appointment_id,
      amount: num(row.amount),
      tip: num(row.tip),
      refunded: num(row.refunded),
      currency: row.currency.trim(),
      reference: row.reference,
    }));
  const counted = (row: LedgerRow) =>
    row.status === 'succeeded' || row.status === 'partially_refunded' || row.status === 'refunded';
  const sum = (rows: LedgerRow[], pick: (row: LedgerRow) => number) =>
    Math.round(rows.reduce((s, row) => s + pick(row), 0) * 100) / 100;
  return {
    rows: list,
    currency: shop.currency,
    totals: {
      charged: sum(
        list.filter((x) => x.type === 'charge' && counted(x)),
        (x) => x.amount + x.tip,
      ),
      tips: sum(
        list.filter((x) => x.type === 'charge' && counted(x)),
        (x) => x.tip,
      ),
      fees: sum(
        list.filter((x) => x.type === 'fee' && counted(x)),
        (x) => x.amount,
      ),
      refunded: sum(
        list.filter((x) => x.type === 'refund'),
        (x) => x.amount,
      ),
      disputed: sum(
        list.filter((x) => x.type === 'dispute'),
        (x) => x.amount,
      ),
    },
  };
}

export function ledgerCsv(ledger: Ledger): string {
  const header = [
    'Date',
    'Type',
    'Kind',
    'Status',
    'Method',
    'Client',
    'Barber',
    'Amount',
    'Tip',
    'Refunded',
    'Currency',
    'Reference',
  ];
  const lines = ledger.rows.map((r) =>
    [
      r.at,
      r.type,
      r.kind,
      r.status,
      r.method,
      r.clientName,
      r.barberName,
      r.amount.toFixed(2),
      r.tip.toFixed(2),
      r.refunded.toFixed(2),
      r.currency,
      r.reference,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/** GET /api/shops/{shopId}/payments/payouts: the shop's Stripe balance and its latest payouts, from Stripe's api. */
export async function getPayouts(deps: PaymentsDeps, shopId: string, userId: string): Promise<PayoutsView> {
  const { shop } = await loadOwnerMoneyScope(deps.dataSource.manager, shopId, userId);
  const ready = await readyAccount(deps, deps.dataSource.manager, shop.id);
  if (!ready) {
    return {
      connected: false,
      message: PAYMENT_MESSAGES.notConnected,
      balance: { available: [], pending: [] },
      payouts: [],
    };
  }
  const options = { stripeAccount: ready.accountId };
  const [balance, payouts] = await Promise.all([
    ready.stripe.balance.retrieve({}, options),
    ready.stripe.payouts.list({ limit: 20 }, options),
  ]);
  const money = (list: Array<{ amount: number; currency: string }>) =>
    list.map((b) => ({ amount: fromMinor(b.amount, b.currency), currency: b.currency.toUpperCase() }));
  return {
    connected: true,
    message: null,
    balance: { available: money(balance.available), pending: money(balance.pending) },
    payouts: payouts.data.map((p) => ({
      id: p.id,
      amount: fromMinor(p.amount, p.currency),
      currency: p.currency.toUpperCase(),
      status: p.status,
      arrivalDate: new Date(p.arrival_date * 1000).toISOString(),
    })),
  };
}

const EarningsQuerySchema = z.object({ from: date.optional(), to: date.optional() });

/**
 * GET /api/shops/{shopId}/payments/earnings (?from&to; default: this week, Monday to Sunday in the shop's zone).
 * Services revenue is what clients paid for the visits a barber did (deposits, prepayments and balances, less
 * refunds; fees are the shop's); tips are all the barber's. Commission: the barber earns the percentage of services
 * revenue plus tips. Booth rent: the barber keeps services revenue and tips and owes the weekly rent × weeks.
 * A barber sees only their own row.
 */
export async function getEarnings(
  deps: PaymentsDeps,
  shopId: string,
  userId: string,
  query: unknown,
): Promise<EarningsReport> {
  const q = parseInput(EarningsQuerySchema, query);
  const scope = await loadMoneyScope(deps.dataSource.manager, shopId, userId);
  const { shop } = scope;
  const monday = DateTime.fromJSDate(deps.now(), { zone: shop.timeZone }).startOf('week');
  const r = range(
    shop.timeZone,
    deps.now(),
    q.from ?? (q.to ? undefined : (monday.toISODate() as string)),
    q.to ?? (q.from ? undefined : (monday.plus({ days: 6 }).toISODate() as string)),
    7,
  );
  const rows = (await deps.dataSource.query(
    `SELECT b."id", b."name", ps."kind" AS "pay_kind", ps."commission_percent", ps."booth_rent_weekly",
       COALESCE(m."services", 0) AS "services", COALESCE(m."tips", 0) AS "tips", COALESCE(m."visits", 0) AS "visits"
     FROM "barbers" b
     LEFT JOIN "barber_pay_settings" ps ON ps."barber_id" = b."id"
     LEFT JOIN (
       SELECT COALESCE(p."barber_id", a."barber_id") AS "barber_id",
         SUM(GREATEST(p."amount" - GREATEST(p."refunded_amount" - p."tip_amount", 0), 0)) AS "services",
         SUM(GREATEST(p."tip_amount" - GREATEST(p."refunded_amount" - p."amount", 0), 0)) AS "tips",
         COUNT(DISTINCT p."appointment_id") AS "visits"
       FROM "appointment_payments" p
       LEFT JOIN "appointments" a ON a."id" = p."appointment_id"
       WHERE p."shop_id" = $1 AND p."kind" IN ('deposit', 'prepay', 'balance')
         AND p."status" IN ('succeeded', 'partially_refunded', 'refunded')
         AND p."created_at" >= $2 AND p."created_at" < $3
       GROUP BY 1
     ) m ON m."barber_id" = b."id"
     WHERE b."shop_id" = $1 AND ($4::uuid IS NULL OR b."id" = $4::uuid)
     ORDER BY b."name"`,
    [shop.id, r.startsAt, r.endsAt, scope.barberId],
  )) as Array<{
    id: string;
    name: string;
    pay_kind: 'commission' | 'booth_rent' | null;
    commission_percent: string | null;
    booth_rent_weekly: string | null;
    services: string;
    tips: string;
    visits: string;
  }>;
  const weeks = Math.round((r.days / 7) * 1000) / 1000;
  const barbers: BarberEarnings[] = rows.map((row) => {
    const pay: BarberPay =
      row.pay_kind === 'booth_rent'
        ? { kind: 'booth_rent', weeklyRent: num(row.booth_rent_weekly) }
        : { kind: 'commission', percent: num(row.commission_percent) };
    const servicesRevenue = num(row.services);
    const tips = num(row.tips);
    const servicesShare = pay.kind === 'commission' ? num((servicesRevenue * pay.percent) / 100) : servicesRevenue;
    const rentOwed = pay.kind === 'booth_rent' ? num(pay.weeklyRent * weeks) : 0;
    return {
      barberId: row.id,
      name: row.name,
      pay,
      visits: Number(row.visits),
      servicesRevenue,
      tips,
      servicesShare,
      rentOwed,
      earnings: num(servicesShare + tips - rentOwed),
    };
  });
  return { from: r.from, to: r.to, weeks, currency: shop.currency, barbers };
}

/** PUT /api/shops/{shopId}/barbers/{barberId}/pay — the owner's. */
export async function putBarberPay(
  deps: PaymentsDeps,
  shopId: string,
  barberId: string,
  userId: string,
  body: unknown,
): Promise<BarberPay> {
  const pay = parseInput(BarberPaySchema, body);
  const { shop } = await loadOwnerMoneyScope(deps.dataSource.manager, shopId, userId);
  const [barber] = isUuid(barberId)
    ? ((await deps.dataSource.query(`SELECT "id" FROM "barbers" WHERE "id" = $1 AND "shop_id" = $2`, [
        barberId,
        shop.id,
      ])) as Array<{
        id: string;
      }>)
    : [];
  if (!barber) throw notFound(CHAIR_CHECKOUT_MESSAGES.barberNotFound);
  await deps.dataSource.query(
    `INSERT INTO "barber_pay_settings" ("barber_id", "shop_id", "kind", "commission_percent", "booth_rent_weekly")
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ("barber_id") DO UPDATE SET "kind" = EXCLUDED."kind", "commission_percent" = EXCLUDED."commission_percent",
       "booth_rent_weekly" = EXCLUDED."booth_rent_weekly", "updated_at" = now()`,
    [
      barber.id,
      shop.id,
      pay.kind,
      pay.kind === 'commission' ? pay.percent : null,
      pay.kind === 'booth_rent' ? pay.weeklyRent : null,
    ],
  );
  return pay;
}
