import { LIMITS } from '../constants';
import { z } from '../zod';

export const MESSAGES = {
  invalidUrl: 'Please enter a valid URL',
  invalidColor: 'Colour must be a hex value like #1E293B',
  reservedSlug: 'This shop URL is reserved. Please choose another.',
  slugTaken: 'This shop URL is already taken. Please choose another.',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

/** `#RRGGBB` only: the value ends up inside CSS, so nothing else is let through. */
export const HexColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.invalidColor);

/** An absolute http(s) URL. `javascript:`, `data:` and friends are refused: the value ends up in src/href. */
export const HttpUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.urlMax, MESSAGES.invalidUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, MESSAGES.invalidUrl);

/** A URL field that may be left empty; empty stays ''. */
export const OptionalHttpUrlSchema = z.union([z.literal(''), HttpUrlSchema]);

export const shortText = (max: number = LIMITS.textMax) => z.string().trim().max(max, MESSAGES.tooLong(max));
