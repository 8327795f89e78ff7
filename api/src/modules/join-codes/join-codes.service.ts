import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  BarberInviteAcceptSchema,
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  JOIN_CODE_ALPHABET,
  type JoinCodeResponse,
  type JoinShopResponse,
  JoinShopSchema,
} from '@barberly/common';
import { type EntityManager, QueryFailedError } from 'typeorm';
import type { AuthUser } from '../../platform/http/auth-context';
import { badRequest, HttpError, notFound, parseInput } from '../../platform/http/errors';
import { BarberEntity } from '../barbers/barber.entity';
import { loadOffers } from '../barbers/barber-offers';
import { toBarberDto } from '../barbers/barbers.service';
import type { Mailer } from '../mail/mailer';
import { ShopEntity } from '../shops/shop.entity';
import { bumpShopVersion, loadOwnedShop, type ShopChangeDeps } from '../shops/shop-access';
import { UserProfileEntity } from '../users/user.entity';
import { updateUser } from '../users/users.service';

export function generateJoinCode(): string {
  let code = '';
  for (let i = 0; i < BOOKING_LIMITS.joinCodeLength; i++)
    code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

const isJoinCodeClash = (err: unknown) =>
  err instanceof QueryFailedError && (err.driverError as { constraint?: string }).constraint === 'UQ_shops_join_code';

/** Sets a fresh code; 31^8 codes make a clash rare, and the unique index turns one into another try. */
async function assignCode(manager: EntityManager, shopId: string, onlyIfMissing: boolean): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const code = generateJoinCode();
    try {
      const [rows] = (await manager.query(
        `UPDATE "shops" SET "join_code" = $2 WHERE "id" = $1 ${onlyIfMissing ? 'AND "join_code" IS NULL' : ''}
         RETURNING "join_code"`,
        [shopId, code],
      )) as [Array<{ join_code: string }>, number];
      if (rows[0]) return rows[0].join_code;
      // Another request gave the shop its code first.
      const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: shopId } });
      return shop.joinCode!;
    } catch (err) {
      if (!isJoinCodeClash(err) || attempt >= 5) throw err;
    }
  }
}

/** GET /api/shops/{id}/join-code (owner): made on first request. */
export async function getJoinCode(deps: ShopChangeDeps, shopId: string, userId: string): Promise<JoinCodeResponse> {
  const shop = await loadOwnedShop(deps.dataSource.manager, shopId, userId);
  if (shop.joinCode) return { code: shop.joinCode };
  return { code: await assignCode(deps.dataSource.manager, shop.id, true) };
}

/** POST /api/shops/{id}/join-code/regenerate (owner): the old code stops working. */
export async function regenerateJoinCode(
  deps: ShopChangeDeps,
  shopId: string,
  userId: string,
): Promise<JoinCodeResponse> {
  const shop = await loadOwnedShop(deps.dataSource.manager, shopId, userId);
  return { code: await assignCode(deps.dataSource.manager, shop.id, false) };
}

function barberNameFor(profile: UserProfileEntity): string {
  const full = [profile.firstName, profile.lastName].filter(Boolean).join(' ').trim();
  if (full.length >= 2) return full.slice(0, 200);
  const local = profile.email.split('@')[0] ?? '';
  const words = local.replace(/[._+-]+/g, ' ').trim();
  const name = words.replace(/\b\w/g, (c) => c.toUpperCase());
  return (name.length >= 2 ? name : profile.email).slice(0, 200);
}

/**
 * POST /api/barbers/join {code}: the signed-in user becomes a barber of the shop with that code. Rule: an unlinked
 * barber row of that shop whose invite e-mail equals the user's e-mail is taken over; otherwise a new barber row is
 * created, named as the barber typed it (`name`, issue 26) or else from the profile or the e-mail. Joining again
 * is a no-op.
 */
export interface InviteDeps extends ShopChangeDeps {
  mailer: Mailer;
  publicOrigin: string;
}

/** A single-use invite link lives this long. */
const INVITE_TTL_MS = 7 * 24 * 3600_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function joinShop(deps: InviteDeps, authUser: AuthUser, body: unknown): Promise<JoinShopResponse> {
  const { code, name } = parseInput(JoinShopSchema, body);
  let needsProof: { email: string; token: string; shopName: string } | null = null;
  const { result, event } = await deps.dataSource.transaction(async (manager) => {
    const shop = await manager.getRepository(ShopEntity).findOne({ where: { joinCode: code } });
    if (!shop) throw badRequest(BOOKING_MESSAGES.joinCodeUnknown, { code: BOOKING_MESSAGES.joinCodeUnknown });
    if (shop.ownerId === authUser.id) throw new HttpError(409, 'conflict', BOOKING_MESSAGES.joinOwnShop);
    // One join at a time per shop: two tabs joining cannot make two barber rows.
    await manager.query('SELECT 1 FROM "shops" WHERE "id" = $1 FOR UPDATE', [shop.id]);
    const barbers = manager.getRepository(BarberEntity);
    const elsewhere = await barbers.findOne({ where: { userId: authUser.id } });
    if (elsewhere && elsewhere.shopId !== shop.id) {
      throw new HttpError(409, 'conflict', BOOKING_MESSAGES.joinOtherShop);
    }
    const profile = await manager.getRepository(UserProfileEntity).findOneOrFail({ where: { id: authUser.id } });
    let barber = elsewhere;
    let changed = false;
    if (!barber) {
      const invited = await barbers
        .createQueryBuilder('b')
        .where('b.shop_id = :shopId AND b.user_id IS NULL AND lower(b.email) = lower(:email)', {
          shopId: shop.id,
          email: profile.email,
        })
        .orderBy('b.created_at', 'ASC')
        .getOne();
      if (invited && !authUser.emailVerified) {
        // Anyone can sign up with someone else's address while confirmation is off: the seat (and that barber's
        // clients) goes only to whoever proves the address. A link to it does that (decision 0054).
        const token = randomBytes(32).toString('base64url');
        invited.inviteTokenHash = sha256(token);
        invited.inviteSentAt = new Date();
        await barbers.save(invited);
        needsProof = { email: invited.email ?? profile.email, token, shopName: shop.name };
        return { result: null, event: null };
      }
      if (invited) {
        invited.userId = authUser.id;
        if (name) invited.name = name;
        invited.inviteTokenHash = null;
        barber = await barbers.save(invited);
      } else {
        await deps.billing?.assertCanAddBarber(manager, shop.id);
        barber = await barbers.save(
          barbers.create({
            shopId: shop.id,
            name: name ?? barberNameFor(profile),
            email: profile.email,
            userId: authUser.id,
          }),
        );
      }
      changed = true;
    }
    const user = await updateUser(manager, authUser, { role: 'barber', shopId: shop.id, onboardingCompleted: true });
    const event = changed ? await bumpShopVersion(manager, shop.id) : null;
    return {
      result: {
        user,
        barber: toBarberDto(barber, (await loadOffers(manager, [barber.id])).get(barber.id)),
        shop: { id: shop.id, slug: shop.slug, name: shop.name },
      },
      event,
    };
  });
  if (needsProof) {
    const { email, token, shopName } = needsProof as { email: string; token: string; shopName: string };
    await sendInvite(deps, email, token, shopName);
    throw new HttpError(403, 'invite_needs_proof', BOOKING_MESSAGES.inviteNeedsProof(email));
  }
  if (event) await deps.events.shopChanged(event);
  return result as unknown as JoinShopResponse;
}

function inviteUrl(publicOrigin: string, token: string): string {
  return `${new URL(publicOrigin).origin}/join/${token}`;
}

async function sendInvite(deps: InviteDeps, to: string, token: string, shopName: string): Promise<void> {
  await deps.mailer.send({
    to,
    subject: `Join ${shopName} on Barberly`,
    text: [
      `You have been invited to join ${shopName} on Barberly as a barber.`,
      '',
      `Open this link to join (it works once, for 7 days): ${inviteUrl(deps.publicOrigin, token)}`,
      '',
      'If you did not expect this, ignore this e-mail: nobody can join as you without this link.',
    ].join('\n'),
  });
}

async function invitedBarber(manager: EntityManager, token: string, lock = false) {
  const barber = await manager.getRepository(BarberEntity).findOne({
    where: { inviteTokenHash: sha256(token) },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  const fresh = barber?.inviteSentAt && Date.now() - barber.inviteSentAt.getTime() < INVITE_TTL_MS;
  if (!barber || !fresh || barber.userId) throw notFound(BOOKING_MESSAGES.inviteUnknown);
  return barber;
}

/** GET /api/barbers/invites/{token}: whose invite it is, for the page the link opens (the token is the credential). */
export async function previewInvite(deps: ShopChangeDeps, token: string) {
  const { token: valid } = parseInput(BarberInviteAcceptSchema, { token });
  const barber = await invitedBarber(deps.dataSource.manager, valid);
  const shop = await deps.dataSource.getRepository(ShopEntity).findOneOrFail({ where: { id: barber.shopId } });
  return { shop: { name: shop.name, slug: shop.slug }, barber: { name: barber.name }, email: barber.email ?? '' };
}

/**
 * POST /api/barbers/invites/accept {token}: the signed-in user takes the barber seat the link was mailed for.
 * Having the link proves the invited address, whatever address the account itself has. The link works once.
 */
export async function acceptInvite(deps: InviteDeps, authUser: AuthUser, body: unknown): Promise<JoinShopResponse> {
  const { token } = parseInput(BarberInviteAcceptSchema, body);
  const { result, event } = await deps.dataSource.transaction(async (manager) => {
    const barber = await invitedBarber(manager, token, true);
    const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: barber.shopId } });
    if (shop.ownerId === authUser.id) throw new HttpError(409, 'conflict', BOOKING_MESSAGES.joinOwnShop);
    const elsewhere = await manager.getRepository(BarberEntity).findOne({ where: { userId: authUser.id } });
    if (elsewhere) throw new HttpError(409, 'conflict', BOOKING_MESSAGES.joinOtherShop);
    barber.userId = authUser.id;
    barber.inviteTokenHash = null;
    const saved = await manager.getRepository(BarberEntity).save(barber);
    const user = await updateUser(manager, authUser, { role: 'barber', shopId: shop.id, onboardingCompleted: true });
    const event = await bumpShopVersion(manager, shop.id);
    return {
      result: {
        user,
        barber: toBarberDto(saved, (await loadOffers(manager, [saved.id])).get(saved.id)),
        shop: { id: shop.id, slug: shop.slug, name: shop.name },
      },
      event,
    };
  });
  await deps.events.shopChanged(event);
  return result;
}
