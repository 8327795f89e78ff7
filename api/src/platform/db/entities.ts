import { AppointmentEntity } from '../../modules/appointments/appointment.entity';
import {
  AuthFlowStateEntity,
  AuthIdentityEntity,
  AuthRefreshTokenEntity,
  AuthSessionEntity,
  AuthSigningKeyEntity,
  AuthUserEntity,
} from '../../modules/auth/auth.entities';
import { BarberEntity } from '../../modules/barbers/barber.entity';
import { BarberTimeOffEntity } from '../../modules/barbers/barber-time-off.entity';
import { LeadEntity } from '../../modules/leads/lead.entity';
import { ServiceEntity } from '../../modules/services/service.entity';
import { ShopEntity } from '../../modules/shops/shop.entity';
import { UserProfileEntity } from '../../modules/users/user.entity';
/** Every TypeORM entity, listed explicitly: the api is bundled, so there is no glob to load them from. */
// biome-ignore lint/complexity/noBannedTypes: TypeORM lists entity and migration classes as Function.
export const ENTITIES: Function[] = [
  AuthUserEntity,
  AuthIdentityEntity,
  AuthSessionEntity,
  AuthRefreshTokenEntity,
  AuthSigningKeyEntity,
  AuthFlowStateEntity,
  UserProfileEntity,
  ShopEntity,
  ServiceEntity,
  BarberEntity,
  LeadEntity,
  AppointmentEntity,
  BarberTimeOffEntity,
];
