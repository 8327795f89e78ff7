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

export interface TimeZoneGroup {
  /** 'Europe', 'America', ...; 'Other' for UTC and zones without a region. */
  region: string;
  options: Array<{ value: string; label: string }>;
}

/**
 * The zones grouped by region for the picker (issue 28), filtered by what was typed: 'new y' finds New York,
 * 'london' Europe/London, 'europe' every European zone. `keep` (the selected zone) is always listed so the select
 * keeps its value. 'America/Argentina/Buenos_Aires' reads 'Argentina / Buenos Aires' under America.
 */
export function groupTimeZones(query: string, keep?: string, zones = timeZoneOptions(keep)): TimeZoneGroup[] {
  const wanted = query.trim().toLowerCase().replace(/_/g, ' ');
  const groups = new Map<string, TimeZoneGroup>();
  for (const { value } of zones) {
    const readable = value.replace(/_/g, ' ').toLowerCase();
    if (wanted && value !== keep && !readable.includes(wanted)) continue;
    const slash = value.indexOf('/');
    const region = slash > 0 && !value.startsWith('Etc/') ? value.slice(0, slash) : 'Other';
    const label = (slash > 0 && region !== 'Other' ? value.slice(slash + 1) : value)
      .replace(/_/g, ' ')
      .replace(/\//g, ' / ');
    const group = groups.get(region) ?? { region, options: [] };
    group.options.push({ value, label });
    groups.set(region, group);
  }
  return [...groups.values()].sort((a, b) =>
    a.region === 'Other' ? 1 : b.region === 'Other' ? -1 : a.region.localeCompare(b.region, 'en'),
  );
}
