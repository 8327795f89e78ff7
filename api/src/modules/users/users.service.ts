import { type Role, UpdateMeSchema, type User } from '@barberly/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../platform/http/auth-context';
import { parseInput } from '../../platform/http/errors';
import { findFirstShopOfOwner, findShopById } from '../shops/shop-access';
import { UserProfileEntity } from './user.entity';

/**
 * The profile row is created lazily: the first authenticated call by a token upserts (id, email). A changed
 * e-mail on the auth side is copied over; anything else the user set stays.
 */
export async function ensureUser(manager: EntityManager, authUser: AuthUser): Promise<void> {
  await manager.query(
    `INSERT INTO "users" ("id", "email") VALUES ($1, $2)
     ON CONFLICT ("id") DO UPDATE SET "email" = EXCLUDED."email", "updated_at" = now()
     WHERE "users"."email" IS DISTINCT FROM EXCLUDED."email"`,
    [authUser.id, authUser.email],
  );
}

/** Remembers which (id, email) pairs are known to exist so most requests skip the upsert. */
export function createUserEnsurer(dataSource: DataSource, max = 10_000) {
  const known = new Set<string>();
  return async (authUser: AuthUser): Promise<void> => {
    const key = `${authUser.id} ${authUser.email}`;
    if (known.has(key)) return;
    await ensureUser(dataSource.manager, authUser);
    if (known.size >= max) known.clear();
    known.add(key);
  };
}

/** shopId/shopSlug: the stored shop when it still exists, else the owner's first shop, else null. */
async function shopOf(manager: EntityManager, profile: UserProfileEntity) {
  const stored = profile.shopId ? await findShopById(manager, profile.shopId) : null;
  return stored ?? (await findFirstShopOfOwner(manager, profile.id));
}

export async function toUserDto(manager: EntityManager, profile: UserProfileEntity): Promise<User> {
  const shop = await shopOf(manager, profile);
  return {
    id: profile.id,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    role: profile.role,
    profileImageUrl: profile.profileImageUrl,
    shopId: shop?.id ?? null,
    shopSlug: shop?.slug ?? null,
    onboardingCompleted: profile.onboardingCompleted,
  };
}

async function loadProfile(manager: EntityManager, authUser: AuthUser): Promise<UserProfileEntity> {
  const repo = manager.getRepository(UserProfileEntity);
  const existing = await repo.findOne({ where: { id: authUser.id } });
  if (existing) return existing;
  // The cache of known users may be stale (e.g. the row was deleted): create it now.
  await ensureUser(manager, authUser);
  return repo.findOneOrFail({ where: { id: authUser.id } });
}

export async function getUser(manager: EntityManager, authUser: AuthUser): Promise<User> {
  return toUserDto(manager, await loadProfile(manager, authUser));
}

export async function updateUser(
  manager: EntityManager,
  authUser: AuthUser,
  changes: Partial<
    Pick<UserProfileEntity, 'role' | 'onboardingCompleted' | 'firstName' | 'lastName' | 'profileImageUrl' | 'shopId'>
  >,
): Promise<User> {
  const profile = await loadProfile(manager, authUser);
  Object.assign(profile, changes);
  return toUserDto(manager, await manager.getRepository(UserProfileEntity).save(profile));
}

export function setRole(manager: EntityManager, authUser: AuthUser, role: Role): Promise<User> {
  return updateUser(manager, authUser, { role });
}

/** PATCH /api/users/me: only the keys sent change. */
export function updateMe(manager: EntityManager, authUser: AuthUser, body: unknown): Promise<User> {
  const input = parseInput(UpdateMeSchema, body);
  const changes: Parameters<typeof updateUser>[2] = {};
  if (input.role !== undefined) changes.role = input.role;
  if (input.onboardingCompleted !== undefined) changes.onboardingCompleted = input.onboardingCompleted;
  if (input.firstName !== undefined) changes.firstName = input.firstName || null;
  if (input.lastName !== undefined) changes.lastName = input.lastName || null;
  if (input.profileImageUrl !== undefined) changes.profileImageUrl = input.profileImageUrl || null;
  return updateUser(manager, authUser, changes);
}

/** A new shop becomes its owner's shop when they have none yet. */
export async function adoptShopIfNone(manager: EntityManager, userId: string, shopId: string): Promise<void> {
  await manager.query(
    `UPDATE "users" SET "shop_id" = $2, "updated_at" = now()
     WHERE "id" = $1 AND "shop_id" IS NULL`,
    [userId, shopId],
  );
}
