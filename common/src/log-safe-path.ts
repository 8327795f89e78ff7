/**
 * A request path fit for an access log: the private part of a manage link (an appointment's bearer secret) is
 * replaced, so logs never hold a key to someone's booking.
 * '/shop/joes/appointments/AbC.../' gives '/shop/joes/appointments/[redacted]/';
 * '/api/appointments/manage/AbC.../cancel' gives '/api/appointments/manage/[redacted]/cancel'.
 */
const MANAGE_SEGMENT = /(\/appointments\/(?:manage\/)?)[^/]+/gi;

export function logSafePath(path: string): string {
  // The check keeps the cost off the hot path: almost no request names an appointment.
  if (!path.toLowerCase().includes('/appointments/')) return path;
  return path.replace(MANAGE_SEGMENT, '$1[redacted]');
}
