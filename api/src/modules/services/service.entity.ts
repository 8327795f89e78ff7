import { DEFAULT_SERVICE_DURATION_MINUTES } from '@barberly/common';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** pg returns numeric as a string; the api speaks numbers. */
const numericToNumber = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

@Entity({ name: 'services' })
export class ServiceEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'shop_id' })
  shopId: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('text', { default: '' })
  description: string;

  @Column('numeric', { precision: 10, scale: 2, transformer: numericToNumber })
  price: number;

  @Column('integer', { name: 'duration_minutes', default: DEFAULT_SERVICE_DURATION_MINUTES })
  durationMinutes: number;

  /** Cleanup minutes after the service that block the barber (issue 14); never shown to clients. */
  @Column('integer', { name: 'buffer_minutes', default: 0 })
  bufferMinutes: number;

  @Column('integer', { name: 'sort_order', default: 0 })
  sortOrder: number;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
