import {
  BarChart3,
  Bell,
  Bot,
  CalendarClock,
  Check,
  Globe,
  LayoutDashboard,
  ListChecks,
  Smartphone,
} from 'lucide-react';
import { SECTIONS } from '../lib/sections';
import { Reveal, SectionHeading } from './reveal';

const FEATURES = [
  {
    icon: CalendarClock,
    title: 'Smart Scheduling',
    text: 'Real-time availability across every chair. Double-bookings simply cannot happen.',
  },
  {
    icon: Globe,
    title: 'Custom Booking Website',
    text: 'Your own site with your branding and logo, on a Barberly address or your custom domain.',
  },
  {
    icon: Bell,
    title: 'Client Reminders',
    text: 'Automatic SMS and email reminders that cut no-shows before they happen.',
  },
  {
    icon: Bot,
    title: 'AI Assistant',
    text: 'A virtual secretary, 24/7: it reschedules clients, sends reminders and finds a gap for a walk-in.',
  },
  {
    icon: BarChart3,
    title: 'Business Analytics',
    text: 'Revenue, bookings and client retention at a glance, so you know what is working.',
  },
  {
    icon: LayoutDashboard,
    title: 'Barber Dashboard',
    text: 'Every barber gets a personal view of their day, their clients and their services.',
  },
  {
    icon: ListChecks,
    title: 'Service Catalogue',
    text: 'List every cut, shave and treatment with its own price and duration.',
  },
  {
    icon: Smartphone,
    title: 'Mobile-First',
    text: 'Built for the phone in your apron pocket and the one in your client’s hand.',
  },
];

const BARBERSHOP_POINTS = [
  'Barber rotation system that shares walk-ins fairly across your team',
  'Service-specific durations: a skin fade is not a beard trim',
  'Recurring appointments for your regulars, booked once',
  'Messaging-app integration so clients can book where they already chat',
];

export function Features() {
  return (
    <section
      id={SECTIONS.features}
      tabIndex={-1}
      aria-labelledby="features-title"
      className="bg-white py-20 text-neutral-900 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          tone="light"
          eyebrow="Features"
          title="Everything your shop needs to run itself"
          subtitle="Scheduling, a website, reminders and an AI assistant, in one place."
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature, i) => (
            <li key={feature.title} data-testid="feature-card">
              <Reveal delay={(i % 4) * 100} className="h-full">
                <div className="flex h-full gap-4 rounded-2xl border border-neutral-200 bg-neutral-50 p-5 transition-shadow hover:shadow-lg sm:block sm:p-6">
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-neutral-900 text-amber-400">
                    <feature.icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <h3 className="text-lg font-bold sm:mt-4">{feature.title}</h3>
                    <p className="mt-1 text-sm text-neutral-600 sm:mt-2">{feature.text}</p>
                  </div>
                </div>
              </Reveal>
            </li>
          ))}
        </ul>

        <Reveal className="mt-16">
          <div className="grid items-center gap-10 overflow-hidden rounded-3xl bg-neutral-950 p-8 text-white sm:p-12 lg:grid-cols-2">
            <div>
              <h3 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
                Designed Specifically for Barbershops
              </h3>
              <p className="mt-3 text-neutral-400">
                Not a generic calendar with a pair of scissors on it. Barberly is built around how barbershops work.
              </p>
              <ul className="mt-6 flex flex-col gap-3">
                {BARBERSHOP_POINTS.map((point) => (
                  <li key={point} className="flex gap-3">
                    <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-amber-500 text-neutral-950">
                      <Check aria-hidden="true" className="size-3.5" />
                    </span>
                    <span className="text-neutral-200">{point}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div aria-hidden="true" className="rounded-2xl border border-white/10 bg-neutral-900 p-5 text-sm">
              <p className="text-xs font-semibold tracking-wider text-neutral-400 uppercase">AI assistant</p>
              <div className="mt-4 flex flex-col gap-3">
                <p className="max-w-[85%] self-end rounded-2xl rounded-br-sm bg-amber-500 px-4 py-2 text-neutral-950">
                  Move James to Thursday and text him the new time.
                </p>
                <p className="max-w-[85%] rounded-2xl rounded-bl-sm bg-white/10 px-4 py-2">
                  Done. James is booked Thursday at 4:30 PM and has a reminder on the way.
                </p>
                <p className="max-w-[85%] self-end rounded-2xl rounded-br-sm bg-amber-500 px-4 py-2 text-neutral-950">
                  Any gap for a walk-in this afternoon?
                </p>
                <p className="max-w-[85%] rounded-2xl rounded-bl-sm bg-white/10 px-4 py-2">
                  Marcus is free 2:30 to 3:15 PM. Want me to hold it?
                </p>
              </div>
            </div>
          </div>
        </Reveal>
      </div>
    </section>
  );
}
