import { LRUCache } from 'lru-cache';

/**
 * Availability's record of what changed when (decision 0060): every notification heard gets the next number, and
 * per shop the number of the last that changed it (`any`) and the last of scope 'shop'. A cached level remembers the
 * number it was loaded at and is good while no change of its scope came after it. A shop pushed out of the record
 * counts as changed at `forgottenUpTo`, so forgetting can only make a load be thrown away, never kept by mistake.
 */
export interface ChangeLog {
  /** The number of the last notification heard. */
  readonly seq: number;
  /** A notification for the shop: one row of a day (`dayOnly`) or the whole shop. Returns its number. */
  record(shopId: string, dayOnly: boolean): number;
  /** Whether the shop changed after `loadedAt` (any change, or one of scope 'shop'). */
  changedSince(shopId: string, loadedAt: number, scope: 'any' | 'shop'): boolean;
}

export function createChangeLog(maxShops: number): ChangeLog {
  let seq = 0;
  let forgottenUpTo = 0;
  const changes = new LRUCache<string, { any: number; shop: number }>({
    max: maxShops,
    dispose: (value, _key, reason) => {
      if (reason === 'evict') forgottenUpTo = Math.max(forgottenUpTo, value.any);
    },
  });
  return {
    get seq() {
      return seq;
    },
    record(shopId, dayOnly) {
      seq++;
      const last = changes.peek(shopId) ?? { any: 0, shop: 0 };
      last.any = seq;
      if (!dayOnly) last.shop = seq;
      changes.set(shopId, last);
      return seq;
    },
    changedSince(shopId, loadedAt, scope) {
      const last = changes.peek(shopId);
      return (last ? last[scope] : forgottenUpTo) > loadedAt;
    },
  };
}
