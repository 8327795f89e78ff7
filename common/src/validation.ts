import type { z } from 'zod';

/** zod issues as { field: first message }, the shape of ApiErrorBody.error.fields. 'services.0.name' keeps its path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** The first message of a failed parse: what a single-line error shows. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
