import {
  type Appointment,
  appointmentDisplayOf,
  formatClockTime,
  formatDayLabel,
  formatDuration,
  formatPhone,
  formatPrice,
  shopPageUrl,
  shopPhoneCountry,
} from '@barberly/common';
import { buildIcs } from './ics';
import type { BookingMailKind } from './mail-queue';
import type { MailMessage } from './mailer';

/** The words of each booking mail. Plain text: every value is the client's or owner's own, never HTML. */

export function appointmentIcs(appointment: Appointment, version: number, stamp: Date, manageUrl?: string): string {
  return buildIcs({
    uid: `${appointment.id}@barberly`,
    sequence: version,
    start: new Date(appointment.start),
    end: new Date(appointment.end),
    stamp,
    summary: `${appointment.service.name} at ${appointment.shop.name}`,
    description: `With ${appointment.barber.name}.${manageUrl ? ` Change or cancel: ${manageUrl}` : ''}`,
    location: appointment.shop.address || appointment.shop.name,
    url: manageUrl,
    cancelled: appointment.status === 'cancelled',
  });
}

/**
 * The start on the shop's clock (issue 13): '2:30 PM' or '14:30', in the shop's zone. Read from the payload, so a
 * shop summary without a clock keeps the 12-hour time the api wrote.
 */
function localTime(a: Appointment): string {
  return formatClockTime(a.start, { ...appointmentDisplayOf(a), timeZone: a.shop.timeZone });
}

function when(a: Appointment): string {
  return `${formatDayLabel(new Date(a.start), a.shop.timeZone)} at ${localTime(a)} (${a.shop.timeZone})`;
}

/** A number as the shop's country writes it (issue 28): '(718) 555-0100' for a US shop, '+44 20 7946 0958' abroad. */
function phoneOf(a: Appointment, value: string): string {
  return formatPhone(value, shopPhoneCountry(a.shop));
}

function details(a: Appointment): string[] {
  // The price in the currency the appointment was booked in, written the shop's way: '25 €' in fr-FR.
  const price = formatPrice(a.service.price, appointmentDisplayOf(a));
  return [
    `Service: ${a.service.name} (${formatDuration(a.service.durationMinutes)}, ${price})`,
    `Barber: ${a.barber.name}`,
    `When: ${when(a)}`,
    `Where: ${[a.shop.name, a.shop.address].filter(Boolean).join(', ')}`,
    ...(a.shop.phoneNumber ? [`Shop phone: ${phoneOf(a, a.shop.phoneNumber)}`] : []),
  ];
}

/**
 * The client's manage link: on the shop's active custom domain when it has one (issue 16), with the public
 * origin's scheme and port ('https://www.joescuts.com/appointments/{token}'); else under the main origin.
 */
export function manageUrlOf(
  publicOrigin: string,
  shop: { slug: string; customDomain?: string | null },
  token: string,
): string {
  return shopPageUrl(publicOrigin, shop, `appointments/${encodeURIComponent(token)}`);
}

export function composeBookingMail(input: {
  kind: BookingMailKind;
  appointment: Appointment;
  version: number;
  ownerEmail: string | null;
  manageUrl?: string;
  now: Date;
  /** The payment policy the client accepted (issue 27), in their confirmation and every reminder. */
  paymentPolicy?: string | null;
}): MailMessage | null {
  const { kind, appointment: a, manageUrl } = input;
  const manage = manageUrl ? [`Change or cancel: ${manageUrl}`] : [];
  const policy = input.paymentPolicy ? [`Payment policy: ${input.paymentPolicy}`, ''] : [];
  const ics = (url?: string) => [
    {
      filename: 'appointment.ics',
      contentType: 'text/calendar; charset=utf-8',
      content: appointmentIcs(a, input.version, input.now, url),
    },
  ];
  switch (kind) {
    case 'confirmation':
      if (!a.client.email) return null;
      return {
        to: a.client.email,
        subject: `Booked: ${a.service.name} at ${a.shop.name}, ${a.localDate} ${localTime(a)}`,
        text: [
          `Hi ${a.client.name},`,
          '',
          'Your appointment is confirmed.',
          '',
          ...details(a),
          '',
          ...policy,
          ...manage,
          '',
        ].join('\n'),
        attachments: ics(manageUrl),
      };
    case 'rescheduled':
      if (!a.client.email) return null;
      return {
        to: a.client.email,
        subject: `Moved: ${a.service.name} at ${a.shop.name}, now ${a.localDate} ${localTime(a)}`,
        text: [
          `Hi ${a.client.name},`,
          '',
          'Your appointment has a new time.',
          '',
          ...details(a),
          '',
          ...manage,
          '',
        ].join('\n'),
        attachments: ics(manageUrl),
      };
    case 'reminder':
    case 'second_reminder':
      if (!a.client.email) return null;
      return {
        to: a.client.email,
        subject: `Reminder: ${a.service.name} at ${a.shop.name}, ${a.localDate} ${localTime(a)}`,
        text: [
          `Hi ${a.client.name},`,
          '',
          'A reminder of your appointment.',
          '',
          ...details(a),
          '',
          ...policy,
          'To change or cancel, use the link in your confirmation e-mail.',
          '',
        ].join('\n'),
      };
    case 'cancellation':
      if (!a.client.email) return null;
      return {
        to: a.client.email,
        subject: `Cancelled: ${a.service.name} at ${a.shop.name}, ${a.localDate} ${localTime(a)}`,
        text: [`Hi ${a.client.name},`, '', 'Your appointment has been cancelled.', '', ...details(a), ''].join('\n'),
        attachments: ics(),
      };
    case 'owner_notice':
      if (!input.ownerEmail) return null;
      return {
        to: input.ownerEmail,
        subject: `New booking: ${a.client.name}, ${a.service.name}, ${a.localDate} ${localTime(a)}`,
        text: [
          `${a.client.name} booked ${a.service.name} with ${a.barber.name}.`,
          '',
          ...details(a),
          `Client: ${a.client.name}, ${a.client.email}, ${phoneOf(a, a.client.phone)}`,
          ...(a.note ? [`Note: ${a.note}`] : []),
          '',
        ].join('\n'),
      };
    case 'owner_cancellation':
      if (!input.ownerEmail) return null;
      return {
        to: input.ownerEmail,
        subject: `Cancelled: ${a.client.name}, ${a.service.name}, ${a.localDate} ${localTime(a)}`,
        text: [
          `${a.client.name} cancelled.`,
          '',
          ...details(a),
          `Client: ${a.client.email}, ${phoneOf(a, a.client.phone)}`,
          '',
        ].join('\n'),
      };
    case 'receipt':
    case 'payment_action':
      // A checkout's receipt and a fee to confirm are composed from their payment (payments/), not here.
      return null;
  }
}
