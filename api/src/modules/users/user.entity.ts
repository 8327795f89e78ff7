import { ROLES, type Role } from '@barberly/common';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The product's profile of a signed-in person; `id` is the auth user's id (the token's sub). */
@Entity({ name: 'users' })
export class UserProfileEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 320 })
  email: string;

  @Column('varchar', { name: 'first_name', length: 100, nullable: true })
  firstName: string | null;

  @Column('varchar', { name: 'last_name', length: 100, nullable: true })
  lastName: string | null;

  @Column({ type: 'enum', enum: ROLES, enumName: 'user_role', nullable: true })
  role: Role | null;

  @Column('text', { name: 'profile_image_url', nullable: true })
  profileImageUrl: string | null;

  /** The shop this person belongs to: an owner's first shop, or (later) the shop a barber joined. */
  @Column('uuid', { name: 'shop_id', nullable: true })
  shopId: string | null;

  @Column('boolean', { name: 'onboarding_completed', default: false })
  onboardingCompleted: boolean;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
