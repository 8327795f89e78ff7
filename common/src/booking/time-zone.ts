const known = new Map<string, boolean>();

/** True for an IANA zone the runtime knows ('Europe/London', 'UTC'); false for offsets, abbreviations, junk. */
export function isValidTimeZone(zone: string): boolean {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  const cached = known.get(zone);
  if (cached !== undefined) return cached;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    // Intl accepts '+05:00' style offsets on newer runtimes; a shop needs a named zone with its DST rules.
    valid = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    valid = false;
  }
  if (known.size < 1000) known.set(zone, valid);
  return valid;
}
