import { randomInt } from 'node:crypto';
import {
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  JOIN_CODE_ALPHABET,
  type JoinCodeResponse,
  type JoinShopResponse,
  JoinShopSchema,
} from '@barberly/common';
import { type EntityManager, QueryFailedError } from 'typeorm';
import type { AuthUser } from '../../platform/http/auth-context';
import { badRequest, HttpError, parseInput } from '../../platform/http/errors';
import { BarberEntity } from '../barbers/barber.entity';
import { toBarberDto } from '../barbers/barbers.service';
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
 * created, named from the profile's first and last name or else the e-mail's local part. Joining again is a no-op.
 */
export async function joinShop(deps: ShopChangeDeps, authUser: AuthUser, body: unknown): Promise<JoinShopResponse> {
  const { code } = parseInput(JoinShopSchema, body);
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
      if (invited) {
        invited.userId = authUser.id;
        barber = await barbers.save(invited);
      } else {
        barber = await barbers.save(
          barbers.create({ shopId: shop.id, name: barberNameFor(profile), email: profile.email, userId: authUser.id }),
        );
      }
      changed = true;
    }
    const user = await updateUser(manager, authUser, { role: 'barber', shopId: shop.id, onboardingCompleted: true });
    const event = changed ? await bumpShopVersion(manager, shop.id) : null;
    return {
      result: { user, barber: toBarberDto(barber), shop: { id: shop.id, slug: shop.slug, name: shop.name } },
      event,
    };
  });
  if (event) await deps.events.shopChanged(event);
  return result;
}
