import { BookingSettingsSchema, TimeZoneSchema } from '../booking/schemas';
import { DEFAULT_FONT, DEFAULT_PRIMARY_COLOR, LIMITS, THEMES } from '../constants';
import { ClockSchema, CurrencySchema, LocaleSchema } from '../money';
import { isReservedSlug } from '../slug';
import { z } from '../zod';
import { BarberSchema } from './barber';
import { HoursSchema } from './hours';
import { HexColorSchema, MESSAGES, OptionalHttpUrlSchema, shortText } from './primitives';
import { WizardServiceSchema } from './service';

export const SHOP_MESSAGES = {
  nameMinOnboarding: `Shop name must be at least ${LIMITS.shopNameMinOnboarding} characters`,
  nameMinDashboard: `Shop name must be at least ${LIMITS.shopNameMinDashboard} characters`,
  slugMin: `Slug must be at least ${LIMITS.slugMin} characters`,
  slugMax: `Slug cannot be more than ${LIMITS.slugMax} characters`,
  slugChars: 'Slug can only contain lowercase letters, numbers, and hyphens',
  bioMax: `Bio cannot be more than ${LIMITS.bioMax} characters`,
  theme: 'Theme must be classic, urban or minimalist',
} as const;

export const ThemeSchema = z.enum(THEMES, { message: SHOP_MESSAGES.theme });

export const SlugSchema = z
  .string()
  .trim()
  .min(LIMITS.slugMin, SHOP_MESSAGES.slugMin)
  .max(LIMITS.slugMax, SHOP_MESSAGES.slugMax)
  .regex(/^[a-z0-9-]+$/, SHOP_MESSAGES.slugChars)
  .refine((slug) => !isReservedSlug(slug), MESSAGES.reservedSlug);

export const BioSchema = z.string().trim().max(LIMITS.bioMax, SHOP_MESSAGES.bioMax);

export const BrandingSchema = z
  .object({
    primary_color: HexColorSchema.optional(),
    font: z
      .string()
      .trim()
      .max(60)
      .regex(/^[\w -]*$/, 'Font name may contain letters, digits, spaces and hyphens')
      .optional(),
    logo_url: OptionalHttpUrlSchema.optional(),
    features: z.array(z.string().trim().min(1).max(80)).max(12).optional(),
    template: z.string().trim().max(40).optional(),
  })
  .strict();
export type BrandingInput = z.infer<typeof BrandingSchema>;

/** The onboarding wizard's details step. */
export const ShopDetailsSchema = z.object({
  name: z.string().trim().min(LIMITS.shopNameMinOnboarding, SHOP_MESSAGES.nameMinOnboarding).max(LIMITS.textMax),
  slug: SlugSchema,
  bio: BioSchema.optional().default(''),
  address: shortText().optional().default(''),
  phoneNumber: shortText(50).optional().default(''),
  theme: ThemeSchema.default('classic'),
});
export type ShopDetailsInput = z.input<typeof ShopDetailsSchema>;

/** POST /api/shops: the payload of spec 7. */
export const ShopCreateSchema = ShopDetailsSchema.extend({
  logoUrl: OptionalHttpUrlSchema.optional().default(''),
  primaryColor: HexColorSchema.optional().default(DEFAULT_PRIMARY_COLOR),
  services: z.array(WizardServiceSchema).max(100).optional().default([]),
  hours_json: HoursSchema.optional(),
  branding_json: BrandingSchema.optional().default({ font: DEFAULT_FONT }),
  is_active: z.boolean().optional().default(true),
  /** The shop's IANA time zone (the admin sends the browser's); the api defaults to UTC. */
  timeZone: TimeZoneSchema.optional(),
  /** Money and clock (issue 13): the admin sends the browser's locale and the currency it suggests. */
  currency: CurrencySchema.optional(),
  locale: LocaleSchema.optional(),
  clock: ClockSchema.optional(),
  /**
   * "Do you cut hair here too?" answered yes (issue 28): the owner becomes the shop's first barber, under this name,
   * so that a one-chair shop takes bookings at once. Absent: no barber is made.
   */
  ownerBarber: BarberSchema.pick({ name: true }).strict().optional(),
});
export type ShopCreateInput = z.input<typeof ShopCreateSchema>;
export type ShopCreateValues = z.output<typeof ShopCreateSchema>;

/** The dashboard's editable fields, without defaults: a PATCH must not fill in what it did not send. */
const shopEditFields = {
  name: z.string().trim().min(LIMITS.shopNameMinDashboard, SHOP_MESSAGES.nameMinDashboard).max(LIMITS.textMax),
  bio: BioSchema,
  address: shortText(),
  phoneNumber: shortText(50),
  theme: ThemeSchema,
  primaryColor: HexColorSchema,
  logoUrl: OptionalHttpUrlSchema,
  currency: CurrencySchema,
  locale: LocaleSchema,
  clock: ClockSchema,
};

/** The dashboard's Edit Shop dialog. */
export const ShopEditSchema = z.object({
  ...shopEditFields,
  bio: shopEditFields.bio.optional().default(''),
  address: shopEditFields.address.optional().default(''),
  phoneNumber: shopEditFields.phoneNumber.optional().default(''),
  logoUrl: shopEditFields.logoUrl.optional().default(''),
  currency: shopEditFields.currency.optional(),
  locale: shopEditFields.locale.optional(),
  clock: shopEditFields.clock.optional(),
});
export type ShopEditInput = z.input<typeof ShopEditSchema>;

/**
 * PATCH /api/shops/{id}: any subset of the editable fields; absent fields stay absent (no defaults).
 * The slug is fixed once the shop exists.
 */
export const ShopPatchSchema = z
  .object({
    ...shopEditFields,
    hours_json: HoursSchema,
    branding_json: BrandingSchema,
    is_active: z.boolean(),
    ...BookingSettingsSchema.shape,
    clientsMayRepeat: z.boolean(),
    waitlistEnabled: z.boolean(),
    barbersBookAnyChair: z.boolean(),
  })
  .partial()
  .strict();
export type ShopPatchInput = z.input<typeof ShopPatchSchema>;

/** POST /api/auth/complete-onboarding */
export const CompleteOnboardingSchema = z.object({
  shopId: z.string().uuid('shopId must be a shop id'),
  shopSlug: SlugSchema,
  role: z.literal('owner').optional().default('owner'),
});
