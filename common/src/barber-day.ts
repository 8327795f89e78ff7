// Issue 26: the barber's own side (decision 0183): what barbers may do, their profile and e-mail choices, the
// portfolio and the calendar feed. Shared by the api (validation, messages) and the admin (forms, screens).
import type { Barber } from './types';
import { z } from './zod';

/** What the owner lets barbers do; each is a shop default with a per-barber override. */
export const BARBER_PERMISSION_KEYS = [
  'bookOwnChair',
  'editOwnServices',
  'seeClientContacts',
  'seeShopNumbers',
] as const;
export type BarberPermissionKey = (typeof BARBER_PERMISSION_KEYS)[number];
export type BarberPermissions = Record<BarberPermissionKey, boolean>;

/** The product's defaults (issue 26): book and move on their own chair on, services off, contacts on, numbers off. */
export const DEFAULT_BARBER_PERMISSIONS: BarberPermissions = {
  bookOwnChair: true,
  editOwnServices: false,
  seeClientContacts: true,
  seeShopNumbers: false,
};

export const BARBER_PERMISSION_LABELS: Record<BarberPermissionKey, string> = {
  bookOwnChair: 'Book and move appointments on their own chair',
  editOwnServices: 'Edit their own services and prices',
  seeClientContacts: "See clients' phone and e-mail",
  seeShopNumbers: "See the shop's numbers",
};

/** A refused action says who can change it. */
export const BARBER_PERMISSION_REFUSALS: Record<BarberPermissionKey, string> = {
  bookOwnChair: 'Ask the shop owner to let you book and move appointments on your chair.',
  editOwnServices: 'Ask the shop owner to let you edit your own services and prices.',
  seeClientContacts: "Ask the shop owner to let you see clients' phone and e-mail.",
  seeShopNumbers: "Ask the shop owner to let you see the shop's numbers.",
};

/** Shop defaults (PUT: every key) and a barber's override (each key true, false, or null: the shop's). */
export const ShopBarberPermissionsSchema = z
  .object({
    bookOwnChair: z.boolean(),
    editOwnServices: z.boolean(),
    seeClientContacts: z.boolean(),
    seeShopNumbers: z.boolean(),
  })
  .strict();
export const BarberPermissionOverrideSchema = z
  .object({
    bookOwnChair: z.boolean().nullable(),
    editOwnServices: z.boolean().nullable(),
    seeClientContacts: z.boolean().nullable(),
    seeShopNumbers: z.boolean().nullable(),
  })
  .partial()
  .strict();
export type BarberPermissionOverride = Partial<Record<BarberPermissionKey, boolean>>;

/** GET /api/shops/{shopId}/barber-permissions (owner): the defaults and each barber's override and result. */
export interface ShopBarberPermissions {
  defaults: BarberPermissions;
  barbers: Array<{
    barberId: string;
    name: string;
    /** Whether someone has joined as this barber (their account is linked). */
    joined: boolean;
    email: string | null;
    override: BarberPermissionOverride;
    effective: BarberPermissions;
  }>;
}

/** The barber's e-mail choices (web push comes with the lifecycle's listeners). Keys absent: on. */
export const NOTIFICATION_EVENTS = ['newBooking', 'cancellation', 'moved'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  newBooking: 'A new booking',
  cancellation: 'A cancellation',
  moved: 'An appointment moved',
};
export type EmailChoices = Record<NotificationEvent, boolean>;

export const PROFILE_MESSAGES = {
  instagram: 'Enter an Instagram handle: letters, numbers, dots and underscores, up to 30',
} as const;

/** 'https://instagram.com/tony.cuts', '@tony.cuts' or 'tony.cuts' → 'tony.cuts'. */
export function normalizeInstagramHandle(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\/(www\.)?instagram\.com\//i, '')
    .replace(/^@/, '')
    .replace(/\/+$/, '');
}

/** PATCH /api/my/profile: any subset. */
export const MyProfilePatchSchema = z
  .object({
    name: z.string().trim().min(2, 'Barber name must be at least 2 characters').max(200),
    bio: z.string().trim().max(500),
    profileImageUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === '' || /^https?:\/\//i.test(v) || v.startsWith('/uploads/'), 'Enter an http(s) address'),
    instagramHandle: z
      .string()
      .transform(normalizeInstagramHandle)
      .pipe(z.string().regex(/^$|^[A-Za-z0-9._]{1,30}$/, PROFILE_MESSAGES.instagram)),
    emailChoices: z
      .object({ newBooking: z.boolean(), cancellation: z.boolean(), moved: z.boolean() })
      .partial()
      .strict(),
  })
  .partial()
  .strict();

/** GET /api/my/profile. */
export interface MyProfile {
  barberId: string;
  shopId: string;
  name: string;
  bio: string;
  profileImageUrl: string;
  instagramHandle: string;
  emailChoices: EmailChoices;
  permissions: BarberPermissions;
}

/** PUT /api/my/services: the barber's own length and price per service, where the owner lets them. */
export const MyServicesSchema = z
  .object({
    services: z
      .array(
        z
          .object({
            serviceId: z.string().uuid('Service not found'),
            durationMinutes: z
              .number()
              .int()
              .min(5, 'Length is at least 5 minutes')
              .max(480, 'Length is at most 8 hours')
              .nullable(),
            price: z.number().min(0, 'Price cannot be negative').max(100000).nullable(),
          })
          .strict(),
      )
      .max(200),
  })
  .strict();

export interface MyServiceRow {
  serviceId: string;
  name: string;
  /** The shop's length and price. */
  durationMinutes: number;
  price: number;
  /** The barber's own (null: the shop's). */
  ownDurationMinutes: number | null;
  ownPrice: number | null;
  offered: boolean;
}
export interface MyServices {
  currency: string;
  canEdit: boolean;
  services: MyServiceRow[];
}

/** Portfolio (issue 26 item 3). */
export const PORTFOLIO_LIMITS = { maxBytes: 10 * 1024 * 1024, maxImages: 30, captionMax: 200 } as const;
export const PORTFOLIO_WIDTHS = [320, 640, 1280] as const;
export const PORTFOLIO_MESSAGES = {
  notImage: 'That file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF photo.',
  tooLarge: 'That photo is larger than 10 MB. Upload a smaller one.',
  tooMany: 'You have 30 photos, the most a portfolio holds. Delete one to add another.',
  missing: 'Choose a photo to upload (form field "image").',
  notFound: 'Photo not found',
} as const;

export interface PortfolioImageUrls {
  /** Keyed by format then width: urls.webp['640'] */
  webp: Record<string, string>;
  avif: Record<string, string>;
}
export interface PortfolioImage {
  id: string;
  barberId: string;
  caption: string;
  position: number;
  width: number;
  height: number;
  hidden: boolean;
  urls: PortfolioImageUrls;
}

export const PortfolioPatchSchema = z
  .object({
    caption: z.string().trim().max(PORTFOLIO_LIMITS.captionMax),
    position: z.number().int().min(0).max(1000),
    hidden: z.boolean(),
  })
  .partial()
  .strict();

/** Calendar feed (issue 26 item 5). */
export interface CalendarFeedInfo {
  /** The subscription address, or null when none (revoked or never made). The token is shown only when made. */
  url: string | null;
  active: boolean;
}

/** A barber on the public shop page (issue 26): their Instagram and their portfolio without the hidden images. */
export interface PublicBarber extends Barber {
  instagramHandle?: string;
  portfolio?: PortfolioImage[];
}
