import { CalendarCheck, Palette, UserPlus } from 'lucide-react';
import { SECTIONS } from '../lib/sections';
import { Reveal, SectionHeading } from './reveal';

const STEPS = [
  {
    icon: UserPlus,
    title: 'Sign up',
    text: 'Create your account and tell us about your shop: name, address, hours. It takes a couple of minutes.',
  },
  {
    icon: Palette,
    title: 'Customize your site',
    text: 'Pick a template, add your services, prices and barbers, and make it yours with your colours and logo.',
  },
  {
    icon: CalendarCheck,
    title: 'Accept bookings 24/7',
    text: 'Share your link. Clients book any time, and reminders keep your chairs full and no-shows rare.',
  },
];

export function HowItWorks() {
  return (
    <section
      id={SECTIONS.howItWorks}
      tabIndex={-1}
      aria-labelledby="how-title"
      className="bg-neutral-900 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="From sign-up to a full book in three steps"
          subtitle="No designers, no developers, no spreadsheets."
        />
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title}>
              <Reveal delay={i * 120} className="h-full">
                <div className="relative h-full rounded-2xl border border-white/10 bg-neutral-950 p-6">
                  <span className="absolute top-6 right-6 text-5xl font-black text-white/5">{i + 1}</span>
                  <span className="grid size-12 place-items-center rounded-xl bg-amber-500/15 text-amber-400">
                    <step.icon aria-hidden="true" className="size-6" />
                  </span>
                  <h3 className="mt-5 text-xl font-bold text-white">
                    <span className="sr-only">Step {i + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-2 text-neutral-400">{step.text}</p>
                </div>
              </Reveal>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
