import { formatClockTime, formatDayLabel, formatWallTime, localInstant, shopPageUrl } from '@barberly/common';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Mailer, MailMessage } from '../mail/mailer';
import { ShopEntity } from '../shops/shop.entity';
import { effectiveStatus, HOLD_COLUMNS, type HoldRow, holdLabel } from './holds';
import { findEntry, namedBarber, namedServices, positionOf } from './waitlist-entries';
import type { WaitlistMailJob } from './waitlist-queue';

/** The waitlist's mails and links. Plain text: every value is the client's or owner's own, never HTML. */

type ShopLinkInfo = { slug: string; customDomain?: string | null };

/** Where the client sees or leaves their place: '/shop/{slug}/waitlist/{token}' (as manageUrlOf builds links). */
export function waitlistUrlOf(publicOrigin: string, shop: ShopLinkInfo, token: string): string {
  return shopPageUrl(publicOrigin, shop, `waitlist/${encodeURIComponent(token)}`);
}

/** Where the client claims a held slot: '/shop/{slug}/hold/{token}'. */
export function holdUrlOf(publicOrigin: string, shop: ShopLinkInfo, token: string): string {
  return shopPageUrl(publicOrigin, shop, `hold/${encodeURIComponent(token)}`);
}

type MailShop = Pick<ShopEntity, 'name' | 'timeZone' | 'clock' | 'locale'>;

export function composeJoinedMail(input: {
  shop: MailShop;
  client: { name: string; email: string };
  date: string;
  windowStart: string;
  windowEnd: string;
  barberName: string | null;
  serviceNames: string[];
  position: number;
  url: string;
}): MailMessage {
  const { shop } = input;
  const noon = localInstant(input.date, '12:00', shop.timeZone) ?? new Date(`${input.date}T12:00:00Z`);
  const day = formatDayLabel(noon, shop.timeZone);
  const clock = { clock: shop.clock, locale: shop.locale };
  const window = `${formatWallTime(input.windowStart, clock)} and ${formatWallTime(input.windowEnd, clock)}`;
  return {
    to: input.client.email,
    subject: `You're on the waitlist at ${shop.name}: ${day}`,
    text: [
      `Hi ${input.client.name},`,
      '',
      `You're on the waitlist of ${shop.name} for ${day}, starting between ${window}.`,
      `Your place in line: ${input.position}.`,
      '',
      `Services: ${input.serviceNames.join(' + ')}`,
      `Barber: ${input.barberName ?? 'Any barber'}`,
      '',
      'When a time frees up, the first in line gets an e-mail with a link that holds it for them for a short while.',
      '',
      `See or leave your place: ${input.url}`,
      '',
    ].join('\n'),
  };
}

export function composeOfferMail(input: {
  shop: MailShop;
  client: { name: string; email: string };
  start: Date;
  expiresAt: Date;
  barberName: string;
  serviceNames: string[];
  url: string;
}): MailMessage {
  const { shop } = input;
  const label = holdLabel(input.start, shop);
  const until = formatClockTime(input.expiresAt, { timeZone: shop.timeZone, clock: shop.clock, locale: shop.locale });
  return {
    to: input.client.email,
    subject: `A time for you at ${shop.name}: ${label}`,
    text: [
      `Hi ${input.client.name},`,
      '',
      `A time has freed up and is held for you until ${until} (${shop.timeZone}).`,
      '',
      `Services: ${input.serviceNames.join(' + ')}`,
      `Barber: ${input.barberName}`,
      `When: ${label} (${shop.timeZone})`,
      '',
      `Book it: ${input.url}`,
      '',
      'If you do not book it by then, it goes to the next person in line.',
      '',
    ].join('\n'),
  };
}

export interface WaitlistMailDeps {
  dataSource: DataSource;
  mailer: Mailer;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
}

/**
 * Sends one waitlist mail job, re-reading what it is about: a join confirmation for an entry that has left, or an
 * offer whose hold is no longer active, is dropped.
 */
export async function handleWaitlistMail(deps: WaitlistMailDeps, job: WaitlistMailJob): Promise<'sent' | 'skipped'> {
  const manager = deps.dataSource.manager;
  let mail: MailMessage | null = null;
  if (job.kind === 'joined') {
    const entry = await findEntry(manager, { id: job.entryId });
    if (!entry || entry.status === 'left' || !entry.client_email) return 'skipped';
    const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: entry.shop_id } });
    mail = composeJoinedMail({
      shop,
      client: { name: entry.client_name, email: entry.client_email },
      date: entry.date,
      windowStart: entry.window_start,
      windowEnd: entry.window_end,
      barberName: (await namedBarber(manager, entry.barber_id))?.name ?? null,
      serviceNames: (await namedServices(manager, entry.shop_id, entry.service_ids)).map((s) => s.name),
      position: await positionOf(manager, entry),
      url: waitlistUrlOf(deps.publicOrigin, shop, job.token),
    });
  } else {
    const [hold] = (await manager.query(`SELECT ${HOLD_COLUMNS} FROM "slot_holds" WHERE "id" = $1`, [
      job.holdId,
    ])) as HoldRow[];
    if (!hold || effectiveStatus(hold, deps.now()) !== 'active' || !hold.waitlist_entry_id) return 'skipped';
    const entry = await findEntry(manager, { id: hold.waitlist_entry_id });
    if (!entry?.client_email) return 'skipped';
    const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: hold.shop_id } });
    mail = composeOfferMail({
      shop,
      client: { name: entry.client_name, email: entry.client_email },
      start: hold.starts_at,
      expiresAt: hold.expires_at,
      barberName: (await namedBarber(manager, hold.barber_id))?.name ?? '',
      serviceNames: (await namedServices(manager, hold.shop_id, hold.service_ids)).map((s) => s.name),
      url: holdUrlOf(deps.publicOrigin, shop, job.token),
    });
  }
  await deps.mailer.send(mail);
  deps.logger.info({ kind: job.kind, to: mail.to }, 'waitlist mail sent');
  return 'sent';
}
