import type { Hours } from '@barberly/common';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'barbers' })
export class BarberEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'shop_id' })
  shopId: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('text', { default: '' })
  bio: string;

  @Column('text', { name: 'profile_image_url', default: '' })
  profileImageUrl: string;

  /** The barber's own opening hours; null: the shop's. */
  @Column('jsonb', { name: 'hours_json', nullable: true })
  hoursJson: Hours | null;

  /** Who does what (issue 14): every service of the shop, or only those in barber_services. */
  @Column('boolean', { name: 'offers_all_services', default: true })
  offersAllServices: boolean;

  /** Invite e-mail set by the owner: the user joining with it takes this barber row (see decision 0020). */
  @Column('varchar', { length: 320, nullable: true })
  email: string | null;

  /** The barber's own account, once they joined the shop with its code. */
  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  /** sha256 of the single-use invite link's token, mailed to `email`; cleared when the link is used. */
  @Column('varchar', { name: 'invite_token_hash', length: 64, nullable: true })
  inviteTokenHash: string | null;

  @Column('timestamptz', { name: 'invite_sent_at', nullable: true })
  inviteSentAt: Date | null;

  /** Issue 26: the owner's override of the shop's barber permissions, only the keys set. */
  @Column('jsonb', { default: {} })
  permissions: Partial<Record<string, boolean>>;

  /** Issue 26: 'tony.cuts' without the @; '' none. */
  @Column('varchar', { name: 'instagram_handle', length: 30, default: '' })
  instagramHandle: string;

  /** Issue 26: which e-mails the barber wants (keys absent: on). */
  @Column('jsonb', { name: 'notify_email', default: {} })
  notifyEmail: Partial<Record<string, boolean>>;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
