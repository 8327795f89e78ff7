import type { AppointmentSource, AppointmentStatus } from './booking/constants';
import { z } from './zod';

/**
 * A shop's clients (issue 13): one record per person who booked or was booked as a walk-in, matched by normalised
 * e-mail or E.164 phone. Api contract of /api/shops/{shopId}/clients; see docs/decisions/0150-clients-and-analytics.md.
 */

export const CLIENT_LIMITS = { tagsMax: 10, tagMax: 30, noteMax: 2000, pageSize: 50, searchMax: 100 } as const;

export const CLIENT_MESSAGES = {
  notFound: 'Client not found',
  tag: `Tags are 1 to ${CLIENT_LIMITS.tagMax} characters`,
  tags: `A client can have at most ${CLIENT_LIMITS.tagsMax} tags`,
  noteEmpty: 'Note cannot be empty',
  noteMax: `Note cannot be more than ${CLIENT_LIMITS.noteMax} characters`,
  mergeSelf: 'Choose another client to merge',
  mergeErased: 'An erased client cannot be merged',
  erased: 'This client was erased',
  noContact: 'This client has no e-mail address or phone number to send a link to',
  noHistory: 'This client has no visit to rebook from',
  notesOnlyOwn: 'You can only delete your own notes',
  erasedName: 'Erased client',
} as const;

/**
 * Due back (issue 28): a client is due on their last visit + their usual interval. With nothing booked ahead they
 * are "due back" from that day until they are overdue by more than this many usual intervals, then "lapsed".
 * api/src/modules/clients/due-back.ts holds the one definition (the Clients tab and the assistant use it).
 */
export const LAPSED_AFTER_INTERVALS = 3;
export type DueBackFilter = 'due' | 'lapsed';

/** GET /api/shops/{shopId}/clients?q=&filter=&sort=&page= */
export const ClientListQuerySchema = z.object({
  q: z.string().trim().max(CLIENT_LIMITS.searchMax).optional().default(''),
  /**
   * 'due': due now or overdue by at most LAPSED_AFTER_INTERVALS usual intervals, nothing booked ahead, those due now
   * first; 'lapsed': overdue by more than that, the most recently lapsed first.
   */
  filter: z.enum(['all', 'due', 'lapsed']).optional().default('all'),
  sort: z.enum(['name', 'lastVisit', 'visits', 'totalSpent']).optional().default('lastVisit'),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type ClientListQuery = z.input<typeof ClientListQuerySchema>;

const TagSchema = z.string().trim().min(1, CLIENT_MESSAGES.tag).max(CLIENT_LIMITS.tagMax, CLIENT_MESSAGES.tag);

/** PATCH /api/shops/{shopId}/clients/{clientId} (owner) */
export const ClientPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    tags: z.array(TagSchema).max(CLIENT_LIMITS.tagsMax, CLIENT_MESSAGES.tags),
  })
  .partial()
  .strict();
export type ClientPatchInput = z.input<typeof ClientPatchSchema>;

/** POST /api/shops/{shopId}/clients/{clientId}/notes (owner, or a barber who served the client) */
export const ClientNoteSchema = z.object({
  body: z.string().trim().min(1, CLIENT_MESSAGES.noteEmpty).max(CLIENT_LIMITS.noteMax, CLIENT_MESSAGES.noteMax),
});

/** POST /api/shops/{shopId}/clients/{clientId}/merge: otherClientId is folded into clientId. */
export const ClientMergeSchema = z.object({ otherClientId: z.string().trim().uuid(CLIENT_MESSAGES.notFound) });

export interface ClientSummary {
  id: string;
  name: string;
  email: string | null;
  /** E.164 */
  phone: string | null;
  tags: string[];
  /** Past appointments that were kept (completed, or confirmed and over). */
  visits: number;
  /** ISO instant of the last visit. */
  lastVisit: string | null;
  /** ISO instant of the next confirmed appointment. */
  nextAppointment: string | null;
  /** Completed appointments at their booked price, in the shop's currency. */
  totalSpent: number;
  noShows: number;
  /** Median days between visits (2+ visits), else null. */
  usualIntervalDays: number | null;
  /** YYYY-MM-DD in the shop's zone: last visit + usual interval. */
  dueDate: string | null;
  /** Due date passed and nothing booked. */
  overdue: boolean;
  /** Overdue by more than LAPSED_AFTER_INTERVALS usual intervals (and nothing booked). */
  lapsed: boolean;
  erased: boolean;
}

export interface ClientList {
  clients: ClientSummary[];
  total: number;
  page: number;
  pageSize: number;
  currency: string;
}

export interface ClientAppointment {
  id: string;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  source: AppointmentSource;
  serviceName: string;
  barberName: string;
  price: number;
  currency: string;
}

export interface ClientNote {
  id: string;
  body: string;
  authorName: string;
  createdAt: string;
  /** The caller wrote it (may delete it); the owner may delete any. */
  mine: boolean;
}

export interface ClientDetail extends ClientSummary {
  createdAt: string;
  /** Their most frequent service and barber: the rebook link preselects them. */
  usualService: { id: string; name: string } | null;
  usualBarber: { id: string; name: string } | null;
  /** Newest first. */
  appointments: ClientAppointment[];
  /** Newest first. */
  notes: ClientNote[];
  currency: string;
  /** What the caller may do: barbers may read and add notes; only the owner edits, merges, exports, erases. */
  canManage: boolean;
}

/** POST /api/shops/{shopId}/clients/{clientId}/rebook */
export interface RebookSent {
  channel: 'email' | 'sms' | 'whatsapp';
  /** The address or number it went to. */
  sentTo: string;
  link: string;
}
