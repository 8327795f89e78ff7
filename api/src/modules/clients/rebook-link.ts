import { CLIENT_MESSAGES, type RebookSent, shopPageUrl, TEXT_RULE_MESSAGES, type TextChannel } from '@barberly/common';
import { conflict, HttpError } from '../../platform/http/errors';
import { allowedCountries, numberCapReached, textRefusal } from '../messaging/text-rules';
import { sendShopText, textChannelsOf } from '../messaging/texts';
import type { ShopEntity } from '../shops/shop.entity';
import { usualChoice } from './client-profile.service';
import { loadClient, loadViewer, requireOwner } from './client-viewer';
import type { ClientsDeps } from './clients.service';

/**
 * The owner's "send a rebook link" (decision 0150): the storefront's booking page with the client's usual service and
 * barber, by text or e-mail. Split from clients.service.ts (the client list; the card and notes in
 * client-profile.service.ts, merges in client-merge.service.ts).
 */

/** The storefront's booking page with the service and barber preselected. */
export function rebookUrl(
  publicOrigin: string,
  shop: Pick<ShopEntity, 'slug' | 'customDomain'>,
  choice: { serviceId: string; barberId: string | null },
): string {
  const query = new URLSearchParams({
    service: choice.serviceId,
    ...(choice.barberId ? { barber: choice.barberId } : {}),
  });
  return shopPageUrl(publicOrigin, shop, `book?${query}`);
}

/**
 * POST /api/shops/{shopId}/clients/{clientId}/rebook (owner): a link to book their usual service with their usual
 * barber, by text when the shop texts and the client agreed to texts before (and has not said STOP), else by e-mail.
 */
export async function sendRebookLink(
  deps: ClientsDeps,
  shopId: string,
  clientId: string,
  userId: string,
): Promise<RebookSent> {
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  requireOwner(viewer);
  const manager = deps.dataSource.manager;
  const client = await loadClient(manager, viewer, clientId);
  if (client.erased_at) throw conflict(CLIENT_MESSAGES.erased);
  const usual = await usualChoice(manager, clientId);
  if (!usual.service) throw conflict(CLIENT_MESSAGES.noHistory);
  const link = rebookUrl(deps.config.PUBLIC_ORIGIN, viewer.shop, {
    serviceId: usual.service.id,
    barberId: usual.barber?.id ?? null,
  });
  const firstName = client.name.split(/\s+/)[0] || 'there';
  const barberPart = usual.barber ? ` with ${usual.barber.name}` : '';

  const channel = await textChannelFor(deps, viewer.shop, client.id, client.phone);
  // The same rules as every other text of the shop's (issue 23): its allowed countries, mobile numbers only, the
  // per-number cap, the shop's own sender and STOP. A text the rules refuse goes by e-mail instead.
  const countries = allowedCountries(viewer.shop, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US');
  const textable =
    channel &&
    client.phone &&
    !textRefusal(client.phone, countries) &&
    !(await numberCapReached(manager, client.phone, deps.now()));
  if (textable && channel && client.phone && deps.textProvider) {
    const body = `Hi ${firstName}, it's about time for your next ${usual.service.name}${barberPart} at ${viewer.shop.name}. Book here: ${link}`;
    const sent = await sendShopText(
      { dataSource: deps.dataSource, provider: deps.textProvider, logger: deps.logger },
      { shopId: viewer.shop.id, phone: client.phone, channel, body, kind: 'rebook', capped: true },
    );
    if (sent && sent !== 'capped' && sent.status !== 'failed') return { channel, sentTo: client.phone, link };
    deps.logger.warn({ clientId }, 'rebook text failed; trying e-mail');
    if (!client.email && sent === 'capped')
      throw new HttpError(429, 'text_cap_reached', TEXT_RULE_MESSAGES.numberCapReached);
    if (!client.email) throw new HttpError(502, 'text_failed', 'The text could not be sent. Please try again.');
  }
  if (!client.email) throw conflict(CLIENT_MESSAGES.noContact);
  await deps.mailer.send({
    to: client.email,
    subject: `Time for your next visit at ${viewer.shop.name}`,
    text: [
      `Hi ${firstName},`,
      '',
      `It's about time for your next ${usual.service.name}${barberPart} at ${viewer.shop.name}.`,
      `Pick a time that suits you: ${link}`,
      '',
      `See you soon,`,
      viewer.shop.name,
    ].join('\n'),
  });
  return { channel: 'email', sentTo: client.email, link };
}

/** A text channel the shop sends on and this client agreed to before, unless they said STOP. */
async function textChannelFor(
  deps: ClientsDeps,
  shop: ShopEntity,
  clientId: string,
  phone: string | null,
): Promise<TextChannel | null> {
  if (!phone || !deps.textProvider) return null;
  const offered = textChannelsOf(shop, deps.textProvider);
  const [latest] = (await deps.dataSource.query(
    `SELECT "reminder_channel" FROM "appointments"
     WHERE "client_id" = $1 AND "reminder_channel" IN ('sms', 'whatsapp') AND "reminder_consent_at" IS NOT NULL
     ORDER BY "created_at" DESC LIMIT 1`,
    [clientId],
  )) as Array<{ reminder_channel: TextChannel }>;
  if (!latest || !offered[latest.reminder_channel]) return null;
  const [optedOut] = (await deps.dataSource.query(
    `SELECT 1 FROM "text_opt_outs" WHERE "shop_id" = $1 AND "phone" = $2`,
    [shop.id, phone],
  )) as unknown[];
  return optedOut ? null : latest.reminder_channel;
}
