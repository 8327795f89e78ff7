/**
 * What the owner ticked off or dismissed on the Overview's setup checklist (issue 28), kept in the browser per shop.
 * Steps the api can tell (a barber, text reminders, a domain) are read from the shop instead.
 */
export const SETUP_STEPS = ['barber', 'hours', 'holidays', 'share', 'texts', 'domain'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export interface SetupProgress {
  done: SetupStep[];
  dismissed: SetupStep[];
}

export const setupProgressKey = (shopId: string) => `barberly.setupChecklist.${shopId}`;

const onlySteps = (value: unknown): SetupStep[] =>
  Array.isArray(value) ? SETUP_STEPS.filter((step) => value.includes(step)) : [];

export function loadSetupProgress(storage: Pick<Storage, 'getItem'>, shopId: string): SetupProgress {
  try {
    const raw = JSON.parse(storage.getItem(setupProgressKey(shopId)) ?? '{}') as Partial<Record<string, unknown>>;
    return { done: onlySteps(raw.done), dismissed: onlySteps(raw.dismissed) };
  } catch {
    return { done: [], dismissed: [] };
  }
}

export function saveSetupProgress(storage: Pick<Storage, 'setItem'>, shopId: string, progress: SetupProgress): void {
  try {
    storage.setItem(setupProgressKey(shopId), JSON.stringify(progress));
  } catch {
    // storage full or blocked: the checklist shows again next visit
  }
}
