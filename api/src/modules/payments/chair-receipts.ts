import type { EntityManager } from 'typeorm';
import { sendShopText } from '../messaging/texts';
import type { ChairCheckoutDeps } from './chair-payments';
import { receiptText } from './receipt';

/** A paid chair checkout's receipt: by e-mail through the mail queue, or by text under the shop's text rules. */

export async function queueReceiptMail(
  deps: ChairCheckoutDeps,
  manager: EntityManager,
  appointmentId: string,
  version: number,
  paymentId: string,
) {
  await deps.mailQueue.enqueue(manager, [{ job: { kind: 'receipt', appointmentId, version, paymentId } }], deps.now());
}

/** A text receipt goes after the payment commits, under the shop's text rules (opt-outs, its sender). */
export async function sendTextReceipt(deps: ChairCheckoutDeps, paymentId: string): Promise<void> {
  const [row] = (await deps.dataSource.query(
    `SELECT p."id", p."shop_id", a."client_phone_e164" AS "phone", a."id" AS "appointment_id"
     FROM "appointment_payments" p JOIN "appointments" a ON a."id" = p."appointment_id" WHERE p."id" = $1`,
    [paymentId],
  )) as Array<{ id: string; shop_id: string; phone: string | null; appointment_id: string }>;
  const provider = deps.textProvider;
  if (!row?.phone || !provider?.send) return;
  const send = provider.send.bind(provider);
  const body = await receiptText(deps.dataSource.manager, paymentId, 'text');
  if (!body) return;
  try {
    await sendShopText(
      { dataSource: deps.dataSource, logger: deps.logger, provider: { send } },
      {
        shopId: row.shop_id,
        phone: row.phone,
        channel: 'sms',
        body,
        kind: 'receipt',
        appointmentId: row.appointment_id,
      },
    );
  } catch (err) {
    deps.logger.warn({ paymentId, err: err instanceof Error ? err.message : String(err) }, 'receipt text not sent');
  }
}
