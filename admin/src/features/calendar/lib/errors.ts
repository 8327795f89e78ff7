import { ApiError } from '../../../lib/api-client';

/** The api's reason in words, with its field messages ('Alex already has Ann from 10:00 AM to 10:30 AM. …'). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = Object.values(error.fields ?? {}).filter((m) => m !== error.message);
    return [error.message, ...fields].join(' ');
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
