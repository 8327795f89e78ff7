import { type CancellationTerms, formatPrice, type PaymentPolicy, policyAmountFor } from '@barberly/common';
import { notFound } from '../../platform/http/errors';
import { hashManageToken, isWellFormedToken } from '../appointments/manage-token';
import { ShopEntity } from '../shops/shop.entity';
import { chargeFee } from './fee-charges';
import { refundPayment } from './payment-refund';
import {
  type AppointmentFacts,
  appointmentFacts,
  cents,
  heldAtBooking,
  leftOf,
  num,
  paymentsOf,
  type TermsRow,
  termsOf,
} from './payment-rows';
import type { PaymentsDeps } from './payments-stripe';

/**
 * What follows a change of a paid appointment (issue 27 item 4, decision 0184): the money of a cancel (refund, or the
 * late-cancellation fee kept and charged) and the terms the manage page shows before one. Each takes only ids and
 * who acted, runs its Stripe calls outside any transaction (claiming its work first, so a repeat does nothing). A
 * cancel's are called by the lifecycle's listener (payments-cancel.listener.ts) after the cancelled event commits.
 * Beside it: payment-refund.ts (one refund), fee-charges.ts (off-session charges and their failures),
 * appointment-payments.service.ts (the owner's actions) and payment-events.ts (from Stripe's events).
 */

/** What the client keeps paying of what they paid at booking (`keep`), the rest refunded, and what to charge more. */
export async function settle(
  deps: PaymentsDeps,
  appointmentId: string,
  fee: number,
  kind: 'late_cancel_fee' | 'no_show_fee',
  reason: string,
  userId: string | null,
): Promise<void> {
  const manager = deps.dataSource.manager;
  const payments = heldAtBooking(await paymentsOf(manager, appointmentId));
  let toKeep = fee;
  for (const p of payments) {
    const left = leftOf(p);
    const keep = Math.min(left, toKeep);
    toKeep = cents(toKeep - keep);
    if (left - keep > 0) await refundPayment(deps, p.id, cents(left - keep), reason, userId);
  }
  if (toKeep > 0) await chargeFee(deps, appointmentId, kind, toKeep, userId);
}

/**
 * A cancel's money is settled once per appointment (late_cancel_applied_at), whoever cancelled first: repeating the
 * cancel (the owner's PATCH on a cancelled visit) never refunds a fee already kept.
 */
async function claimCancelSettlement(deps: PaymentsDeps, appointmentId: string): Promise<TermsRow | null> {
  return deps.dataSource.transaction(async (tx) => {
    const terms = await termsOf(tx, appointmentId, true);
    if (!terms || terms.late_cancel_applied_at) return null;
    await tx.query(
      `UPDATE "appointment_payment_terms" SET "late_cancel_applied_at" = now() WHERE "appointment_id" = $1`,
      [appointmentId],
    );
    return terms;
  });
}

/**
 * After the client cancels (the manage link): inside the window the late-cancellation fee (kept from what they paid,
 * the rest charged off-session from the card on file), outside it everything back. Claimed once per appointment.
 */
export async function afterClientCancel(deps: PaymentsDeps, appointmentId: string): Promise<void> {
  const claimed = await claimCancelSettlement(deps, appointmentId);
  if (!claimed) return;
  const a = await appointmentFacts(deps.dataSource.manager, appointmentId);
  if (!a) return;
  const { inside, fee } = lateFee(claimed.policy, a, a.cancelled_at ?? deps.now());
  if (!inside || fee <= 0) {
    await settle(deps, appointmentId, 0, 'late_cancel_fee', 'Cancelled by the client in time', null);
    return;
  }
  await settle(deps, appointmentId, fee, 'late_cancel_fee', 'Cancelled late: the late-cancellation fee was kept', null);
}

function lateFee(policy: PaymentPolicy, a: Pick<AppointmentFacts, 'starts_at' | 'service_price'>, at: Date) {
  const inside = a.starts_at.getTime() - at.getTime() < policy.cancellationWindowHours * 3_600_000;
  return { inside, fee: inside ? policyAmountFor(policy.lateCancelFee, num(a.service_price)) : 0 };
}

/** After the shop cancels: the client gets back everything they paid. */
export async function afterShopCancel(deps: PaymentsDeps, appointmentId: string, userId: string | null): Promise<void> {
  if (!(await claimCancelSettlement(deps, appointmentId))) return;
  await settle(deps, appointmentId, 0, 'late_cancel_fee', 'Cancelled by the shop', userId);
}

/** GET /api/appointments/manage/{token}/payment-terms: said on the manage page before the client confirms. */
export async function cancellationTerms(deps: PaymentsDeps, token: string): Promise<CancellationTerms> {
  const manager = deps.dataSource.manager;
  if (!isWellFormedToken(token)) throw notFound('That appointment link is not valid.');
  const [a] = (await manager.query(
    `SELECT "id", "shop_id", "starts_at", "service_price", "currency" FROM "appointments" WHERE "manage_token_hash" = $1`,
    [hashManageToken(token)],
  )) as Array<AppointmentFacts>;
  if (!a) throw notFound('That appointment link is not valid.');
  const terms = await termsOf(manager, a.id);
  if (!terms) return { policyText: null, insideWindow: false, notice: null, fee: 0, refund: 0 };
  const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: a.shop_id } });
  const money = { currency: shop.currency, locale: shop.locale };
  const paid = cents(heldAtBooking(await paymentsOf(manager, a.id)).reduce((s, p) => s + leftOf(p), 0));
  const { inside, fee } = lateFee(terms.policy, a, deps.now());
  const kept = Math.min(fee, paid);
  const refund = cents(paid - kept);
  let notice: string | null = null;
  if (inside && fee > 0) {
    const extra = cents(fee - kept);
    notice =
      `You are cancelling less than ${terms.policy.cancellationWindowHours} hours before, so the late-cancellation fee of ` +
      `${formatPrice(fee, money)} applies` +
      (kept > 0 ? `: ${formatPrice(kept, money)} is kept from what you paid` : '') +
      (extra > 0
        ? `${kept > 0 ? ' and' : ':'} ${formatPrice(extra, money)} will be charged to your card on file`
        : '') +
      (refund > 0 ? `, and ${formatPrice(refund, money)} is refunded.` : '.');
  } else if (paid > 0) {
    notice = `You will get ${formatPrice(paid, money)} back in full.`;
  }
  return { policyText: terms.policy_text, insideWindow: inside, notice, fee, refund };
}
