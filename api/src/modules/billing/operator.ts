import { createHash, randomBytes } from 'node:crypto';
import { OPERATOR_MESSAGES, OperatorProofSchema } from '@barberly/common';
import type { AuthUser } from '../../platform/http/auth-context';
import { HttpError, notFound, parseInput } from '../../platform/http/errors';
import type { Mailer } from '../mail/mailer';
import { type BillingDeps, isOperator } from './billing.service';

/**
 * The operator console's gate (issue 23 item 2, decision 0173). An address in ADMIN_EMAILS is not enough: anyone
 * can sign up with it while e-mail confirmation is off (the default). The account's address must be proven, either
 * by the sign-in itself (a confirmation link followed, or a provider that vouches for it: `emailVerified`) or by a
 * link mailed here from the console, opened while signed in to that account.
 */

export interface OperatorDeps extends BillingDeps {
  mailer: Mailer;
}

const PROOF_TTL_MS = 24 * 3_600_000;
const RESEND_AFTER_MS = 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const emailOf = (user: AuthUser) => user.email.trim().toLowerCase();

async function provenHere(deps: Pick<BillingDeps, 'dataSource'>, user: AuthUser): Promise<boolean> {
  const rows = (await deps.dataSource.query(
    `SELECT 1 FROM "operator_email_proofs" WHERE "user_id" = $1 AND "email" = $2 AND "proven_at" IS NOT NULL`,
    [user.id, emailOf(user)],
  )) as unknown[];
  return rows.length > 0;
}

/** 403 unless the caller is an operator with a proven address; the message says what to do. */
export async function assertOperator(deps: Pick<BillingDeps, 'dataSource' | 'config'>, user: AuthUser): Promise<void> {
  if (!isOperator(deps.config, user.email)) throw new HttpError(403, 'forbidden', OPERATOR_MESSAGES.notOperator);
  if (user.emailVerified === true || (await provenHere(deps, user))) return;
  throw new HttpError(403, 'operator_unverified', OPERATOR_MESSAGES.unverified(emailOf(user)));
}

/** POST /api/admin/verify-email: mails the ADMIN_EMAILS caller a single-use link (at most one a minute). */
export async function sendOperatorProof(deps: OperatorDeps, user: AuthUser): Promise<{ message: string }> {
  if (!isOperator(deps.config, user.email)) throw new HttpError(403, 'forbidden', OPERATOR_MESSAGES.notOperator);
  const email = emailOf(user);
  if (user.emailVerified === true || (await provenHere(deps, user))) return { message: OPERATOR_MESSAGES.proven };
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  // One row per account and address; a fresh link replaces the last one unless that went out under a minute ago.
  const rows = (await deps.dataSource.query(
    `INSERT INTO "operator_email_proofs" ("user_id", "email", "token_hash", "sent_at") VALUES ($1, $2, $3, $4)
     ON CONFLICT ("user_id", "email") DO UPDATE SET "token_hash" = EXCLUDED."token_hash", "sent_at" = EXCLUDED."sent_at"
      WHERE "operator_email_proofs"."sent_at" IS NULL OR "operator_email_proofs"."sent_at" <= $5
     RETURNING 1`,
    [user.id, email, sha256(token), now, new Date(now.getTime() - RESEND_AFTER_MS)],
  )) as unknown[];
  if (rows.length === 0) return { message: OPERATOR_MESSAGES.proofAlreadySent(email) };
  const link = new URL('/admin/shops', new URL(deps.config.PUBLIC_ORIGIN).origin);
  link.searchParams.set('proof', token);
  await deps.mailer.send({
    to: email,
    subject: 'Prove your address to open the Barberly operator console',
    text: [
      'Someone signed in to Barberly with this address asked to open the operator console.',
      '',
      `Open this link while signed in to prove it was you (it works once, for 24 hours): ${link.toString()}`,
      '',
      'If this was not you, ignore this e-mail: the console stays closed without this link.',
    ].join('\n'),
  });
  return { message: OPERATOR_MESSAGES.proofSent(email) };
}

/** POST /api/admin/verify-email/confirm {token}: the link's token, opened by the account it was sent to. */
export async function confirmOperatorProof(
  deps: BillingDeps,
  user: AuthUser,
  body: unknown,
): Promise<{ message: string }> {
  if (!isOperator(deps.config, user.email)) throw new HttpError(403, 'forbidden', OPERATOR_MESSAGES.notOperator);
  const { token } = parseInput(OperatorProofSchema, body);
  const now = deps.now();
  const rows = (await deps.dataSource.query(
    `UPDATE "operator_email_proofs" SET "proven_at" = $4, "token_hash" = NULL
      WHERE "token_hash" = $1 AND "user_id" = $2 AND "email" = $3 AND "sent_at" > $5
     RETURNING 1`,
    [sha256(token), user.id, emailOf(user), now, new Date(now.getTime() - PROOF_TTL_MS)],
  )) as [unknown[], number];
  if (rows[0].length === 0) throw notFound(OPERATOR_MESSAGES.proofInvalid);
  return { message: OPERATOR_MESSAGES.proven };
}
