import { type Branding, DEFAULT_PRIMARY_COLOR, type Hours, type Theme } from '@barberly/common';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'shops' })
export class ShopEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'owner_id' })
  ownerId: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 50, unique: true })
  slug: string;

  @Column('text', { default: '' })
  bio: string;

  @Column('varchar', { length: 200, default: '' })
  address: string;

  @Column('varchar', { name: 'phone_number', length: 50, default: '' })
  phoneNumber: string;

  @Column('varchar', { length: 20, default: 'classic' })
  theme: Theme;

  @Column('varchar', { name: 'primary_color', length: 7, default: DEFAULT_PRIMARY_COLOR })
  primaryColor: string;

  @Column('text', { name: 'logo_url', default: '' })
  logoUrl: string;

  @Column('boolean', { name: 'is_active', default: true })
  isActive: boolean;

  @Column('jsonb', { name: 'hours_json' })
  hoursJson: Hours;

  @Column('jsonb', { name: 'branding_json', default: {} })
  brandingJson: Branding;

  /** Bumped in the same transaction as every change to the shop, its services or its barbers. */
  @Column('integer', { default: 1 })
  version: number;

  /** IANA zone: every day, slot and agenda of the shop is computed in it. */
  @Column('varchar', { name: 'time_zone', length: 64, default: 'UTC' })
  timeZone: string;

  /** ISO 4217; every price of the shop is in it (issue 13). */
  @Column('char', { length: 3, default: 'USD' })
  currency: string;

  /** BCP 47: how prices and dates are written. */
  @Column('varchar', { length: 35, default: 'en-US' })
  locale: string;

  @Column('varchar', { length: 3, default: '12h' })
  clock: '12h' | '24h';

  @Column('integer', { name: 'min_notice_minutes', default: 60 })
  minNoticeMinutes: number;

  @Column('integer', { name: 'cancellation_cutoff_minutes', default: 120 })
  cancellationCutoffMinutes: number;

  @Column('integer', { name: 'reminder_lead_minutes', default: 1440 })
  reminderLeadMinutes: number;

  @Column('integer', { name: 'booking_horizon_days', default: 60 })
  bookingHorizonDays: number;

  /** Barbers join the shop with it; owner-only, never in the public DTO. Made on first request. */
  @Column('varchar', { name: 'join_code', length: 8, nullable: true })
  joinCode: string | null;

  /** The shop's active custom domain (issue 16), kept by the domains module; null on its subdomain only. */
  @Column('varchar', { name: 'custom_domain', length: 253, nullable: true })
  customDomain: string | null;

  // Text reminders (issue 15).
  @Column('boolean', { name: 'sms_enabled', default: false })
  smsEnabled: boolean;

  @Column('boolean', { name: 'whatsapp_enabled', default: false })
  whatsappEnabled: boolean;

  @Column('integer', { name: 'second_reminder_minutes', default: 0 })
  secondReminderMinutes: number;

  @Column('varchar', { name: 'quiet_start', length: 5, default: '21:00' })
  quietStart: string;

  @Column('varchar', { name: 'quiet_end', length: 5, default: '08:00' })
  quietEnd: string;

  @Column('jsonb', { name: 'text_templates', default: {} })
  textTemplates: Partial<Record<string, string>>;

  /**
   * The shop's own SMS sender (issue 23): a number (E.164) or a Messaging Service, set by the operator or bought
   * from Twilio. Null: the platform's shared sender, where replies go only to a shop that texted the number lately.
   */
  @Column('varchar', { name: 'text_from', length: 20, nullable: true })
  textFrom: string | null;

  @Column('varchar', { name: 'text_messaging_service_sid', length: 34, nullable: true })
  textMessagingServiceSid: string | null;

  /** Twilio's IncomingPhoneNumber SID when Barberly bought the number for the shop. */
  @Column('varchar', { name: 'text_number_sid', length: 34, nullable: true })
  textNumberSid: string | null;

  /** Countries (ISO 3166-1 alpha-2) the shop texts; null: its own country only. */
  @Column('varchar', { name: 'text_countries', length: 2, array: true, nullable: true })
  textCountries: string[] | null;

  // Issue 14: clients may make their booking the first of a series; a full day offers the waitlist.
  @Column('boolean', { name: 'clients_may_repeat', default: false })
  clientsMayRepeat: boolean;

  @Column('boolean', { name: 'waitlist_enabled', default: true })
  waitlistEnabled: boolean;

  // Issue 25: barbers may book the calendar's other chairs (default: their own only).
  @Column('boolean', { name: 'barbers_book_any_chair', default: false })
  barbersBookAnyChair: boolean;

  // Issue 26: what barbers may do, the shop's defaults (keys absent take the product's; see barber-permissions.ts).
  @Column('jsonb', { name: 'barber_permissions', default: {} })
  barberPermissions: Partial<Record<string, boolean>>;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
