/**
 * Whether PostgreSQL refused a value the client sent (SQLSTATE class 22, data exception): a NUL byte in a string
 * (22021), text where a uuid or number belongs (22P02), a number or date out of range (22003, 22008). The value
 * came from the request, so the answer is 400, not 500.
 */
export function isInvalidValue(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  return isInvalidValue(e.driverError, depth + 1) || isInvalidValue(e.cause, depth + 1);
}
