import type { AppointmentSource, AppointmentStatus } from '@barberly/common';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

const numericToNumber = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * One booking of one barber's time. The table's exclusion constraint (migration 1795250000000, widened by
 * 1795390000000 to cover the buffer) refuses two live appointments of a barber whose [starts_at, blocked_until)
 * ranges overlap: no application check can race past it.
 */
@Entity({ name: 'appointments' })
export class AppointmentEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'shop_id' })
  shopId: string;

  @Column('uuid', { name: 'barber_id' })
  barberId: string;

  @Column('uuid', { name: 'service_id', nullable: true })
  serviceId: string | null;

  @Column('varchar', { name: 'service_name', length: 200 })
  serviceName: string;

  @Column('integer', { name: 'service_duration_minutes' })
  serviceDurationMinutes: number;

  @Column('numeric', { name: 'service_price', precision: 10, scale: 2, transformer: numericToNumber })
  servicePrice: number;

  /** The currency servicePrice was booked in (issue 13): a later change of the shop's currency rewrites no history. */
  @Column('char', { length: 3, default: 'USD' })
  currency: string;

  /** The shop's record of this person (issue 13), linked in the booking's own transaction. */
  @Column('uuid', { name: 'client_id', nullable: true })
  clientId: string | null;

  @Column('timestamptz', { name: 'starts_at' })
  startsAt: Date;

  @Column('timestamptz', { name: 'ends_at' })
  endsAt: Date;

  /** Cleanup after the visit (issue 14): the barber is blocked until ends_at + this. */
  @Column('integer', { name: 'buffer_minutes', default: 0 })
  bufferMinutes: number;

  /** ends_at + buffer, kept by the database's trigger (never written from here); the no-overlap range ends here. */
  @Column({ type: 'timestamptz', name: 'blocked_until', insert: false, update: false })
  blockedUntil: Date;

  /** The recurring series this visit is an occurrence of (issue 14), and the local date the rule gave. */
  @Column('uuid', { name: 'series_id', nullable: true })
  seriesId: string | null;

  @Column('date', { name: 'series_occurrence', nullable: true })
  seriesOccurrence: string | null;

  @Column('varchar', { length: 20, default: 'confirmed' })
  status: AppointmentStatus;

  @Column('varchar', { length: 20, default: 'online' })
  source: AppointmentSource;

  @Column('varchar', { name: 'client_name', length: 200 })
  clientName: string;

  @Column('varchar', { name: 'client_email', length: 320, default: '' })
  clientEmail: string;

  @Column('varchar', { name: 'client_phone', length: 50, default: '' })
  clientPhone: string;

  @Column('text', { default: '' })
  note: string;

  /** sha256 (hex) of the client's manage token; the token itself is never stored. */
  @Column('varchar', { name: 'manage_token_hash', length: 64, nullable: true })
  manageTokenHash: string | null;

  /** Bumped on every reschedule or status change: a queued reminder for an older version is dropped. */
  @Column('integer', { default: 1 })
  version: number;

  @Column('timestamptz', { name: 'cancelled_at', nullable: true })
  cancelledAt: Date | null;

  /** How the client gets reminders (issue 15); a text channel only with consent. */
  @Column('varchar', { name: 'reminder_channel', length: 10, default: 'email' })
  reminderChannel: 'email' | 'sms' | 'whatsapp';

  @Column('timestamptz', { name: 'reminder_consent_at', nullable: true })
  reminderConsentAt: Date | null;

  /** The consent wording the client agreed to, as shown. */
  @Column('text', { name: 'reminder_consent_text', nullable: true })
  reminderConsentText: string | null;

  @Column('varchar', { name: 'client_phone_e164', length: 20, nullable: true })
  clientPhoneE164: string | null;

  @Column('timestamptz', { name: 'client_confirmed_at', nullable: true })
  clientConfirmedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
