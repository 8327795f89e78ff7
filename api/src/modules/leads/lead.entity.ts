import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A landing-page enquiry from a barbershop interested in the product. */
@Entity({ name: 'leads' })
export class LeadEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('varchar', { name: 'full_name', length: 200 })
  fullName: string;

  @Column('varchar', { length: 320 })
  email: string;

  @Column('varchar', { length: 50 })
  phone: string;

  @Column('varchar', { name: 'barbershop_name', length: 200 })
  barbershopName: string;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;
}
