import { HttpUrlSchema } from '@barberly/common';

/** An image or logo URL only if it is absolute http(s); anything else (javascript:, data:, relative) is dropped. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = HttpUrlSchema.safeParse(value);
  return parsed.success ? new URL(parsed.data).href : null;
}

/** '(555) 123-4567' gives 'tel:5551234567', '+44 20 7946 0958' gives 'tel:+442079460958'; no digits gives null. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}

/** Get Directions: a maps search for the address, which every phone opens in its maps app. */
export function directionsHref(address: string): string | null {
  const trimmed = address.trim();
  if (!trimmed) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(trimmed)}`;
}
