import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@barberly/common';
import type { Logger } from 'pino';
import type { QueryDeepPartialEntity } from 'typeorm';
import { z } from 'zod';
import type { UserMetadata } from './auth.entities';
import { authErrors } from './auth.errors';

/**
 * What every part of the built-in account store shares (auth.service.ts and its parts): the options it is built with,
 * where a request came from, token hashing, and the checks of an e-mail, a new password, user metadata and a PKCE
 * challenge.
 */

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

const EmailSchema = z.email().max(255);
export const CONFIRMATION_MAX_AGE_MS = 24 * 3600_000;
/** A client's PKCE challenge, if it sent a usable one (RFC 7636: 43-128 unreserved characters; S256 or plain). */
export function pkceChallenge(challenge: unknown, method: unknown): { challenge: string; method: string } | null {
  if (typeof challenge !== 'string' || !challenge) return null;
  const m = typeof method === 'string' ? method.toLowerCase() : '';
  if (m !== 's256' && m !== 'plain') throw authErrors.validation('Invalid code challenge method');
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) throw authErrors.validation('Invalid code challenge');
  return { challenge, method: m };
}

/** Where a request came from, kept on the session row. */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}

/** Outgoing auth mail. The default writes the link to the log (no mail server in this build). */
export interface AuthMailer {
  sendSignUpConfirmation(to: string, link: string): Promise<void>;
  /** The link that makes a requested e-mail change happen, sent to the NEW address. */
  sendEmailChange?(to: string, link: string): Promise<void>;
}

export function logMailer(logger: Logger): AuthMailer {
  return {
    async sendSignUpConfirmation(to, link) {
      logger.info({ email: to, confirmationLink: link }, 'auth: confirm sign-up');
    },
    async sendEmailChange(to, link) {
      logger.info({ email: to, confirmationLink: link }, 'auth: confirm e-mail change');
    },
  };
}

/** A password change without the current password needs a sign-in at most this old (GoTrue's reauthentication). */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

export interface AuthServiceOptions {
  /** Told when sessions end here, so this process (and, through Redis, every other) refuses their tokens at once. */
  sessions?: { forgetUser(userId: string): void | Promise<void> };
  emailConfirm: boolean;
  mailer: AuthMailer;
  /** Base of links we send (e.g. the confirmation link): `${origin}/auth/v1`. */
  authBaseUrl: string;
  logger: Logger;
}

export function normalizeEmail(value: unknown): string {
  if (typeof value !== 'string') throw authErrors.invalidEmail();
  const email = value.trim().toLowerCase();
  if (!EmailSchema.safeParse(email).success) throw authErrors.invalidEmail();
  return email;
}

/** A new password (sign-up, change): at least LIMITS.newPasswordMin characters (decision 0051). */
export function checkPassword(value: unknown): string {
  if (typeof value !== 'string' || value.length < LIMITS.newPasswordMin) {
    throw authErrors.weakPassword(LIMITS.newPasswordMin);
  }
  if (value.length > 72 * 4) throw authErrors.validation('Password cannot be longer than 288 characters');
  return value;
}

/** How deep user metadata may nest: a profile needs two or three levels; PostgreSQL's jsonb refuses very deep ones. */
const METADATA_MAX_DEPTH = 8;
const METADATA_MAX_BYTES = 16_000;

/** True when `value` nests deeper than `max` (stops looking as soon as it does, so a hostile body costs little). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (max === 0) return true;
  return Object.values(value).some((child) => nestsDeeperThan(child, max - 1));
}

export function metadata(value: unknown): UserMetadata {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw authErrors.validation('Could not parse metadata');
  if (nestsDeeperThan(value, METADATA_MAX_DEPTH)) throw authErrors.validation('Metadata is nested too deeply');
  if (JSON.stringify(value).length > METADATA_MAX_BYTES) throw authErrors.validation('Metadata is too large');
  return value as UserMetadata;
}

/** TypeORM's deep-partial type cannot follow jsonb columns typed as open records. */
export const partial = <T>(value: Partial<T>) => value as QueryDeepPartialEntity<T>;

export const isUniqueViolation = (err: unknown) =>
  (err as { driverError?: { code?: string } }).driverError?.code === '23505';
