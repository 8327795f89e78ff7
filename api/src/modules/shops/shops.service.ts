import {
  BOOKING_DEFAULTS,
  type Branding,
  buildShopUrls,
  type CompleteOnboardingResponse,
  CompleteOnboardingSchema,
  type CreatedShop,
  currencyForLocale,
  DEFAULT_FONT,
  DEFAULT_PRIMARY_COLOR,
  defaultHours,
  firstMessage,
  MESSAGES,
  SHOP_LOCALE_DEFAULTS,
  type Shop,
  ShopCreateSchema,
  type ShopPage,
  ShopPatchSchema,
  SlugSchema,
  shopSiteOrigin,
  type Theme,
  themeFromName,
} from '@barberly/common';
import { type EntityManager, QueryFailedError } from 'typeorm';
import type { Config } from '../../config';
import type { AuthUser } from '../../platform/http/auth-context';
import { badRequest, conflict, forbidden, notFound, parseInput } from '../../platform/http/errors';
import { BarberEntity } from '../barbers/barber.entity';
import { listBarbers } from '../barbers/barbers.service';
import { insertServices, listServices } from '../services/services.service';
import { shopPageSpecialDays } from '../special-days/special-days.repository';
import { adoptShopIfNone, updateUser } from '../users/users.service';
import type { ScheduleFreedHook } from './schedule-freed';
import { ShopEntity } from './shop.entity';
import { changeOwnedShop, findShopById, loadVisibleShop, SHOP_NOT_FOUND, type ShopChangeDeps } from './shop-access';
import { type TextChannelReadiness, textChannelsOf } from './text-channels';

const CreateShopInput = ShopCreateSchema.strict();

export interface ShopsDeps extends ShopChangeDeps {
  config: Pick<Config, 'PUBLIC_ORIGIN' | 'APP_DOMAIN'>;
  /** Which text channels this Barberly can send (issue 15): the booking form offers only those. */
  textProvider?: TextChannelReadiness;
  /** Changed hours may free time the waitlist wants (issue 14): routes.ts wires the waitlist's check here. */
  scheduleFreed?: ScheduleFreedHook;
  now?: () => Date;
}

function urlsOf(deps: ShopsDeps, slug: string) {
  return buildShopUrls(slug, { publicOrigin: deps.config.PUBLIC_ORIGIN, appDomain: deps.config.APP_DOMAIN });
}

/** The text channels the booking form offers (issue 15): enabled by the owner and set up here. */
function textChannelFlags(deps: ShopsDeps, shop: ShopEntity) {
  const channels = textChannelsOf(shop, deps.textProvider);
  return { smsEnabled: channels.sms, whatsappEnabled: channels.whatsapp };
}

export function toShopDto(deps: ShopsDeps, shop: ShopEntity): Shop {
  const urls = urlsOf(deps, shop.slug);
  return {
    id: shop.id,
    ownerId: shop.ownerId,
    name: shop.name,
    slug: shop.slug,
    bio: shop.bio,
    address: shop.address,
    phoneNumber: shop.phoneNumber,
    theme: shop.theme,
    primaryColor: shop.primaryColor,
    logoUrl: shop.logoUrl,
    is_active: shop.isActive,
    hours_json: shop.hoursJson,
    branding_json: shop.brandingJson,
    hours: shop.hoursJson,
    branding: shop.brandingJson,
    subdomain_url: urls.subdomain,
    production_url: shopSiteOrigin(shop.slug, {
      publicOrigin: deps.config.PUBLIC_ORIGIN,
      appDomain: deps.config.APP_DOMAIN,
      customDomain: shop.customDomain,
    }),
    version: shop.version,
    customDomain: shop.customDomain ?? null,
    ...textChannelFlags(deps, shop),
    createdAt: shop.createdAt.toISOString(),
    updatedAt: shop.updatedAt.toISOString(),
    timeZone: shop.timeZone,
    minNoticeMinutes: shop.minNoticeMinutes,
    cancellationCutoffMinutes: shop.cancellationCutoffMinutes,
    reminderLeadMinutes: shop.reminderLeadMinutes,
    bookingHorizonDays: shop.bookingHorizonDays,
    currency: shop.currency,
    locale: shop.locale,
    clock: shop.clock,
    clientsMayRepeat: shop.clientsMayRepeat,
    waitlistEnabled: shop.waitlistEnabled,
    barbersBookAnyChair: shop.barbersBookAnyChair,
  };
}

/**
 * The storefront reads branding before the shop's own fields (resolvePrimaryColor, resolveTheme), so the two must
 * never disagree. A field the client sent wins; otherwise a value sent inside branding_json fills the field;
 * otherwise the current value stays. Branding then mirrors the fields.
 */
function reconcileLook(
  sent: { primaryColor?: string; logoUrl?: string; theme?: Theme; branding?: Branding },
  current: { primaryColor: string; logoUrl: string; theme: Theme; branding: Branding },
) {
  const branding = { ...(sent.branding ?? current.branding) };
  const primaryColor = sent.primaryColor ?? sent.branding?.primary_color ?? current.primaryColor;
  const logoUrl = sent.logoUrl ?? sent.branding?.logo_url ?? current.logoUrl;
  const theme = sent.theme ?? (sent.branding?.template ? themeFromName(sent.branding.template) : current.theme);
  return {
    primaryColor,
    logoUrl,
    theme,
    branding: {
      ...branding,
      font: branding.font || DEFAULT_FONT,
      primary_color: primaryColor,
      logo_url: logoUrl,
      template: theme,
    } satisfies Branding,
  };
}

function isSlugViolation(err: unknown): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driverError = err.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && driverError.constraint === 'UQ_shops_slug';
}

const slugTaken = () => conflict(MESSAGES.slugTaken, { slug: MESSAGES.slugTaken });

/** POST /api/shops: the shop and its first services in one transaction; the shop becomes the user's if they have none. */
export async function createShop(deps: ShopsDeps, authUser: AuthUser, body: unknown): Promise<CreatedShop> {
  const input = parseInput(CreateShopInput, body);
  const raw = body as Record<string, unknown>;
  const look = reconcileLook(
    {
      primaryColor: 'primaryColor' in raw ? input.primaryColor : undefined,
      logoUrl: 'logoUrl' in raw ? input.logoUrl : undefined,
      theme: 'theme' in raw ? input.theme : undefined,
      branding: 'branding_json' in raw ? input.branding_json : undefined,
    },
    { primaryColor: DEFAULT_PRIMARY_COLOR, logoUrl: '', theme: 'classic', branding: {} },
  );

  let shop: ShopEntity;
  try {
    shop = await deps.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(ShopEntity);
      if (await repo.exists({ where: { slug: input.slug } })) throw slugTaken();
      const created = await repo.save(
        repo.create({
          ownerId: authUser.id,
          name: input.name,
          slug: input.slug,
          bio: input.bio,
          address: input.address,
          phoneNumber: input.phoneNumber,
          theme: look.theme,
          primaryColor: look.primaryColor,
          logoUrl: look.logoUrl,
          isActive: input.is_active,
          hoursJson: input.hours_json ?? defaultHours(),
          brandingJson: look.branding,
          version: 1,
          timeZone: input.timeZone ?? BOOKING_DEFAULTS.timeZone,
          currency: input.currency ?? currencyForLocale(input.locale),
          locale: input.locale ?? SHOP_LOCALE_DEFAULTS.locale,
          clock: input.clock ?? SHOP_LOCALE_DEFAULTS.clock,
        }),
      );
      await insertServices(manager, created.id, input.services);
      if (input.ownerBarber) {
        // The owner who cuts hair is the first chair, linked to their own account (no invite to accept).
        const barbers = manager.getRepository(BarberEntity);
        await barbers.save(
          barbers.create({ shopId: created.id, name: input.ownerBarber.name, userId: authUser.id, email: null }),
        );
      }
      await adoptShopIfNone(manager, authUser.id, created.id);
      await deps.billing?.startTrial(manager, created.id);
      return created;
    });
  } catch (err) {
    // Two launches racing for one slug: the unique index decides, the loser hears the same 409.
    if (isSlugViolation(err)) throw slugTaken();
    throw err;
  }
  await deps.events.shopChanged({ shopId: shop.id, slug: shop.slug, version: shop.version });

  const urls = urlsOf(deps, shop.slug);
  return {
    id: shop.id,
    slug: shop.slug,
    name: shop.name,
    theme: shop.theme,
    subdomain_url: urls.subdomain,
    production_url: urls.subdomain,
  };
}

/** GET /api/shops/slug-available: what the onboarding wizard says before launch. */
export async function slugAvailability(
  manager: EntityManager,
  slug: unknown,
): Promise<{ available: boolean; message?: string }> {
  const parsed = SlugSchema.safeParse(typeof slug === 'string' ? slug : '');
  if (!parsed.success) return { available: false, message: firstMessage(parsed.error) };
  const taken = await manager.getRepository(ShopEntity).exists({ where: { slug: parsed.data } });
  return taken ? { available: false, message: MESSAGES.slugTaken } : { available: true };
}

/** GET /api/shops/{slugOrId}: the public page; an inactive shop is shown to its owner only. */
export async function getShopPage(deps: ShopsDeps, slugOrId: string, viewerId: string | undefined): Promise<ShopPage> {
  const manager = deps.dataSource.manager;
  const shop = await loadVisibleShop(manager, slugOrId, viewerId);
  const [barbers, services, billing] = await Promise.all([
    listBarbers(manager, shop.id),
    listServices(manager, shop.id),
    // Only a billed Barberly adds the plan's effect; a self-hosted one answers the spec's shape as it is.
    deps.billing?.mode === 'stripe' ? deps.billing.publicFlags(manager, shop.id) : undefined,
  ]);
  // Issue 25: the shop's upcoming closures and special hours ("Closed on Friday, December 25 (Christmas Day)"),
  // only when it has some, so the spec's shape stays as it is for the others.
  const specialDays = await shopPageSpecialDays(manager, shop, deps.now?.() ?? new Date());
  // A service's buffer is the shop's business (issue 14): the public page leaves it out.
  const publicServices = services.map(({ bufferMinutes: _buffer, ...service }) => service);
  return {
    shop: toShopDto(deps, shop),
    barbers,
    services: publicServices,
    ...(billing ? { billing } : {}),
    ...(specialDays.length > 0 ? { specialDays } : {}),
  };
}

export async function listMyShops(deps: ShopsDeps, userId: string): Promise<Shop[]> {
  const shops = await deps.dataSource.manager
    .getRepository(ShopEntity)
    .find({ where: { ownerId: userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  return shops.map((shop) => toShopDto(deps, shop));
}

/** PATCH /api/shops/{id}: only the owner; only the keys sent change. */
export async function patchShop(deps: ShopsDeps, shopId: string, userId: string, body: unknown): Promise<Shop> {
  await changeOwnedShop(deps, shopId, userId, async (manager, shop) => {
    const patch = parseInput(ShopPatchSchema, body);
    const look = reconcileLook(
      { primaryColor: patch.primaryColor, logoUrl: patch.logoUrl, theme: patch.theme, branding: patch.branding_json },
      { primaryColor: shop.primaryColor, logoUrl: shop.logoUrl, theme: shop.theme, branding: shop.brandingJson },
    );
    if (patch.name !== undefined) shop.name = patch.name;
    if (patch.bio !== undefined) shop.bio = patch.bio;
    if (patch.address !== undefined) shop.address = patch.address;
    if (patch.phoneNumber !== undefined) shop.phoneNumber = patch.phoneNumber;
    if (patch.hours_json !== undefined) shop.hoursJson = patch.hours_json;
    if (patch.hours_json !== undefined) await deps.scheduleFreed?.(manager, shop.id);
    if (patch.is_active !== undefined) shop.isActive = patch.is_active;
    if (patch.timeZone !== undefined) shop.timeZone = patch.timeZone;
    if (patch.currency !== undefined) shop.currency = patch.currency;
    if (patch.locale !== undefined) shop.locale = patch.locale;
    if (patch.clock !== undefined) shop.clock = patch.clock;
    if (patch.minNoticeMinutes !== undefined) shop.minNoticeMinutes = patch.minNoticeMinutes;
    if (patch.cancellationCutoffMinutes !== undefined) shop.cancellationCutoffMinutes = patch.cancellationCutoffMinutes;
    if (patch.reminderLeadMinutes !== undefined) shop.reminderLeadMinutes = patch.reminderLeadMinutes;
    if (patch.bookingHorizonDays !== undefined) shop.bookingHorizonDays = patch.bookingHorizonDays;
    if (patch.clientsMayRepeat !== undefined) shop.clientsMayRepeat = patch.clientsMayRepeat;
    if (patch.waitlistEnabled !== undefined) shop.waitlistEnabled = patch.waitlistEnabled;
    if (patch.barbersBookAnyChair !== undefined) shop.barbersBookAnyChair = patch.barbersBookAnyChair;
    shop.primaryColor = look.primaryColor;
    shop.logoUrl = look.logoUrl;
    shop.theme = look.theme;
    shop.brandingJson = look.branding;
    await manager.getRepository(ShopEntity).save(shop);
  });
  const updated = await findShopById(deps.dataSource.manager, shopId);
  if (!updated) throw notFound(SHOP_NOT_FOUND);
  return toShopDto(deps, updated);
}

/** POST /api/auth/complete-onboarding: the owner of the new shop becomes an onboarded owner. */
export async function completeOnboarding(
  deps: ShopsDeps,
  authUser: AuthUser,
  body: unknown,
): Promise<CompleteOnboardingResponse> {
  const input = parseInput(CompleteOnboardingSchema, body);
  return deps.dataSource.transaction(async (manager) => {
    const shop = await findShopById(manager, input.shopId);
    if (!shop) throw notFound(SHOP_NOT_FOUND);
    if (shop.ownerId !== authUser.id) throw forbidden('Only the owner of this shop can complete its onboarding.');
    if (shop.slug !== input.shopSlug) {
      throw badRequest('shopSlug does not match the shop', { shopSlug: 'shopSlug does not match the shop' });
    }
    await updateUser(manager, authUser, { role: 'owner', onboardingCompleted: true, shopId: shop.id });
    const urls = urlsOf(deps, shop.slug);
    return {
      template: shop.theme,
      urls: { production: urls.subdomain, primary: urls.subdomain, development: urls.standard },
      productionUrl: urls.subdomain,
      shopUrl: urls.standard,
    };
  });
}
