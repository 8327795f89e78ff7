import type { Role } from '@barberly/common';
import { Scissors, Store } from 'lucide-react';
import { cn } from '../../../components/ui/cn';

const CHOICES: Array<{ role: Extract<Role, 'owner' | 'barber'>; title: string; text: string; icon: typeof Store }> = [
  {
    role: 'owner',
    title: 'I own a barbershop',
    text: 'Create your shop, build your booking website and manage your team.',
    icon: Store,
  },
  {
    role: 'barber',
    title: "I'm a barber",
    text: 'Join your shop with the code your shop owner gave you.',
    icon: Scissors,
  },
];

/** Spec 2: only owner and barber are offered. */
export function RoleStep({
  pending,
  onChoose,
}: {
  pending: Role | null;
  onChoose: (role: 'owner' | 'barber') => void;
}) {
  return (
    <section aria-labelledby="role-title" className="mx-auto max-w-3xl">
      <h1 id="role-title" className="text-3xl font-bold tracking-tight">
        Welcome to Barberly
      </h1>
      <p className="mt-1 text-neutral-600">How will you use Barberly?</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {CHOICES.map(({ role, title, text, icon: Icon }) => (
          <button
            key={role}
            type="button"
            disabled={pending !== null}
            onClick={() => onChoose(role)}
            className={cn(
              'flex flex-col items-start rounded-2xl border-2 border-neutral-200 bg-white p-6 text-left shadow-sm transition-colors',
              'hover:border-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500',
              'disabled:cursor-wait disabled:opacity-70',
              pending === role && 'border-amber-500',
            )}
          >
            <span className="grid size-12 place-items-center rounded-xl bg-amber-100 text-amber-700">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <span className="mt-4 text-xl font-bold">{title}</span>
            <span className="mt-1 text-neutral-600">{text}</span>
            {pending === role ? <span className="mt-3 text-sm font-semibold text-amber-700">Setting up...</span> : null}
          </button>
        ))}
      </div>
    </section>
  );
}
