import {
  type Clock,
  type CompleteOnboardingResponse,
  type CreatedShop,
  DEFAULT_FONT,
  DEFAULT_PRIMARY_COLOR,
  type Hours,
  type ShopCreateInput,
  type Theme,
} from '@barberly/common';
import type { OnboardingApi } from '../api/onboarding-api';
import { chooseLaunchUrl, type LaunchTarget } from './launch-url';

export interface WizardService {
  /** Local key for the list; never sent. */
  key: string;
  name: string;
  description: string;
  price: number;
  durationMinutes: number;
}

export interface WizardDetails {
  name: string;
  slug: string;
  bio: string;
  address: string;
  phoneNumber: string;
}

export interface WizardData {
  theme: Theme;
  details: WizardDetails;
  hours: Hours;
  /** The shop's IANA zone, chosen on the hours step (default: the browser's). */
  timeZone: string;
  /** Money and clock (issue 13), chosen on the hours step; defaults from the browser's language. */
  currency: string;
  locale: string;
  clock: Clock;
  services: WizardService[];
  /**
   * "Do you cut hair here too?" (issue 28): null until answered. Yes makes the owner the first barber under `name`,
   * so a one-chair shop takes bookings at once.
   */
  ownerBarber: { cutsHair: boolean | null; name: string };
}

/** Which step of the launch failed: 'role' (setting the owner role) or 'shop' (creating the shop). */
export class LaunchError extends Error {
  constructor(
    readonly step: 'role' | 'shop',
    override readonly cause: unknown,
  ) {
    super(step === 'role' ? 'Failed to set user role' : 'Failed to create shop');
    this.name = 'LaunchError';
  }
}

export const COMPLETE_ONBOARDING_ERROR_KEY = 'barberly.completeOnboardingError';

/** POST /api/shops's body (spec 7) from the wizard's answers. */
export function shopPayload(data: WizardData): ShopCreateInput {
  return {
    name: data.details.name.trim(),
    slug: data.details.slug.trim(),
    bio: data.details.bio.trim(),
    address: data.details.address.trim(),
    phoneNumber: data.details.phoneNumber.trim(),
    theme: data.theme,
    logoUrl: '',
    primaryColor: DEFAULT_PRIMARY_COLOR,
    services: data.services.map(({ name, description, price, durationMinutes }) => ({
      name,
      description,
      price,
      durationMinutes,
    })),
    hours_json: data.hours,
    timeZone: data.timeZone,
    currency: data.currency,
    locale: data.locale,
    clock: data.clock,
    branding_json: { primary_color: DEFAULT_PRIMARY_COLOR, font: DEFAULT_FONT, template: data.theme },
    is_active: true,
    ...(data.ownerBarber?.cutsHair && data.ownerBarber.name.trim()
      ? { ownerBarber: { name: data.ownerBarber.name.trim() } }
      : {}),
  };
}

export interface LaunchResult {
  shop: CreatedShop;
  onboarding: CompleteOnboardingResponse | null;
  target: LaunchTarget;
}

/**
 * Spec 4 'Launch', in order: set the role owner and onboardingCompleted; create the shop; call complete-onboarding;
 * choose the final URL. A complete-onboarding failure does not stop the launch: the error is stored locally and
 * the shop's own URLs are used. `onShopCreated` runs between the shop and complete-onboarding (the toast).
 */
export async function launchShop(
  data: WizardData,
  deps: {
    api: Pick<OnboardingApi, 'updateMe' | 'createShop' | 'completeOnboarding'>;
    storage?: Pick<Storage, 'setItem'>;
    onShopCreated?: (shop: CreatedShop) => void;
  },
): Promise<LaunchResult> {
  try {
    await deps.api.updateMe({ role: 'owner', onboardingCompleted: true });
  } catch (error) {
    throw new LaunchError('role', error);
  }
  let shop: CreatedShop;
  try {
    shop = await deps.api.createShop(shopPayload(data));
  } catch (error) {
    throw new LaunchError('shop', error);
  }
  deps.onShopCreated?.(shop);
  let onboarding: CompleteOnboardingResponse | null = null;
  try {
    onboarding = await deps.api.completeOnboarding(shop);
  } catch (error) {
    console.error('complete-onboarding failed; launching anyway', error);
    try {
      deps.storage?.setItem(
        COMPLETE_ONBOARDING_ERROR_KEY,
        JSON.stringify({
          shopId: shop.id,
          message: error instanceof Error ? error.message : String(error),
          at: new Date().toISOString(),
        }),
      );
    } catch {
      // storage full or blocked: the console has it
    }
  }
  return { shop, onboarding, target: chooseLaunchUrl(onboarding, shop) };
}
