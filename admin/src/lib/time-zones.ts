import { BOOKING_DEFAULTS, isValidTimeZone } from '@barberly/common';

/** The browser's IANA zone ('Europe/London'), or the api's default when the browser names none we accept. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && isValidTimeZone(zone)) return zone;
  } catch {
    // an old browser without Intl time zones
  }
  return BOOKING_DEFAULTS.timeZone;
}

let supported: string[] | null = null;

/** Every zone the browser knows, plus UTC (which V8 leaves out of its list); read once. */
function supportedZones(): string[] {
  if (!supported) {
    let zones: string[] = [];
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = [];
    }
    supported = Array.from(new Set(['UTC', ...zones])).filter(isValidTimeZone);
  }
  return supported;
}

/**
 * Options for the time-zone select: every supported zone, with `current` included even when the browser's list
 * spells it differently ('Asia/Calcutta' is an alias of 'Asia/Kolkata'), so a saved zone is never lost.
 * 'America/New_York' reads 'America/New York'.
 */
export function timeZoneOptions(current?: string): Array<{ value: string; label: string }> {
  const zones = supportedZones();
  const all = current && !zones.includes(current) ? [current, ...zones] : zones;
  return all.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}
