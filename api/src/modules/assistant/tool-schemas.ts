import { z } from 'zod';

/** The argument pieces the tools' schemas share (the model reads their descriptions). */

export const uuid = z.string().uuid();
export const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("A day as YYYY-MM-DD in the shop's time zone; default today");
export const instant = z
  .string()
  .datetime({ offset: true })
  .describe('An ISO 8601 instant with offset, e.g. 2026-05-01T15:00:00-04:00');
export const barberChoice = z.string().describe("A barber's id from shop_info, or 'any'");
