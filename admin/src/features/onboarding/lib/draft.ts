import { ClockSchema, CurrencySchema, HoursSchema, isValidTimeZone, LocaleSchema, THEMES } from '@barberly/common';
import { browserTimeZone } from '../../../lib/time-zones';
import { browserDisplayDefaults } from './browser-locale';
import type { WizardData } from './launch';

/**
 * The owner's answers so far, kept in the browser (localStorage, per user) so a reload or a closed tab mid-wizard
 * loses nothing. Cleared at launch.
 */
export const DRAFT_KEY = 'barberly.onboardingDraft';

export interface Draft<S extends string> {
  userId: string;
  step: S;
  data: WizardData;
}

export function loadDraft<S extends string>(
  storage: Pick<Storage, 'getItem'>,
  userId: string,
  steps: readonly S[],
): Draft<S> | null {
  try {
    const raw = storage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft<S>;
    // Only a well-formed draft of this user: anything else starts afresh.
    if (draft.userId !== userId || !steps.includes(draft.step)) return null;
    const { data } = draft;
    if (!THEMES.includes(data.theme) || !HoursSchema.safeParse(data.hours).success) return null;
    if (typeof data.details?.name !== 'string' || !Array.isArray(data.services)) return null;
    // A draft saved before the time zone was asked for (or with a zone this browser does not know) gets the browser's.
    if (typeof data.timeZone !== 'string' || !isValidTimeZone(data.timeZone)) data.timeZone = browserTimeZone();
    // Likewise a draft saved before issue 13's currency, locale and clock gets the browser's suggestions.
    const suggested = browserDisplayDefaults();
    if (!CurrencySchema.safeParse(data.currency).success) data.currency = suggested.currency;
    if (!LocaleSchema.safeParse(data.locale).success) data.locale = suggested.locale;
    if (!ClockSchema.safeParse(data.clock).success) data.clock = suggested.clock;
    // And before issue 28 asked whether the owner cuts hair: not answered yet.
    if (typeof data.ownerBarber?.name !== 'string' || ![true, false, null].includes(data.ownerBarber.cutsHair)) {
      data.ownerBarber = { cutsHair: null, name: '' };
    }
    return draft;
  } catch {
    return null;
  }
}

export function saveDraft<S extends string>(storage: Pick<Storage, 'setItem'>, draft: Draft<S>): void {
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the wizard still works, it just will not survive a reload
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
