import { normalizePhone } from '@barberly/common';
import { notFound } from '../../platform/http/errors';
import type { Actor as LifecycleActor } from '../appointments/lifecycle';
import type { AppointmentScope } from '../appointments/staff-actions';
import type { Actor } from './actor';
import type { ToolContext } from './tool-context';

/**
 * Who a tool acts as: the caller's reach (the whole shop, their own chair, the appointments booked with their phone)
 * and the actor the appointment's history names.
 */

export function staffOnly(actor: Actor): asserts actor is Extract<Actor, { kind: 'owner' | 'barber' }> {
  if (actor.kind === 'client') throw notFound();
}

/** The barber a staff tool acts on: a barber always themselves; the owner the one named (or none). */
export function ownBarberId(actor: Actor, requested: unknown): string | undefined {
  if (actor.kind === 'barber') return actor.barber.id;
  return typeof requested === 'string' && requested !== 'any' ? requested : undefined;
}

/**
 * The assistant as the appointment's history names it (issue 24): acting for this person, applying this proposal
 * (its id and channel go into the event's data, for the audit listener; decision 0190).
 */
export function assistantActor(actor: Actor, proposal?: ToolContext['proposal']): LifecycleActor {
  return { kind: 'assistant', id: actor.kind === 'client' ? null : actor.userId, ...(proposal ? { proposal } : {}) };
}

export function scopeOf(actor: Actor, proposal?: ToolContext['proposal']): AppointmentScope {
  const by = assistantActor(actor, proposal);
  if (actor.kind === 'owner') return { shop: actor.shop, actor: by };
  if (actor.kind === 'barber') return { shop: actor.shop, barberId: actor.barber.id, actor: by };
  const shopCountry = (actor.shop as { country?: string | null }).country ?? undefined;
  return {
    shop: actor.shop,
    actor: by,
    enforceCutoff: true,
    matches: (a) => normalizePhone(a.clientPhone, shopCountry) === actor.phone,
  };
}
