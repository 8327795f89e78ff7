import { TIMINGS } from '@barberly/common';
import { ArrowRight, CalendarCheck, CheckCircle2, Clock, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useUser } from '../../../lib/auth';
import { loginModal } from '../../../lib/login-modal';
import { dashboardButtonTarget } from '../../../lib/routing-rules';
import { scrollToSection, useCycle, useReducedMotion } from '../lib/motion';
import { SECTIONS } from '../lib/sections';

interface SampleAppointment {
  client: string;
  service: string;
  time: string;
}

/** Marketing-only sample data (spec 3): the highlighted card cycles through these every 3 s. */
const FEATURED: SampleAppointment[] = [
  { client: 'James Wilson', service: 'Classic Cut & Beard Trim', time: '10:30 AM' },
  { client: 'Marcus Johnson', service: 'Skin Fade', time: '10:30 AM' },
  { client: 'Diego Alvarez', service: 'Hot Towel Shave', time: '10:30 AM' },
];
const STATIC: SampleAppointment[] = [
  { client: 'Chris Martin', service: 'Buzz Cut', time: '11:45 AM' },
  { client: 'Andre Thompson', service: 'Beard Sculpt', time: '1:15 PM' },
];

function AppointmentCard({ appt, highlighted }: { appt: SampleAppointment; highlighted?: boolean }) {
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-xl p-3 text-left',
        highlighted ? 'bg-amber-500 text-neutral-950 shadow-lg shadow-amber-500/30' : 'bg-white/5 text-neutral-200',
      )}
    >
      <span
        className={cn(
          'grid size-9 shrink-0 place-items-center rounded-full text-xs font-bold',
          highlighted ? 'bg-neutral-950 text-amber-400' : 'bg-white/10 text-white',
        )}
      >
        {appt.client
          .split(' ')
          .map((part) => part[0])
          .join('')}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline justify-between gap-2">
          <span className="truncate text-sm font-semibold">{appt.client}</span>
          <span className="shrink-0 text-xs font-semibold">{appt.time}</span>
        </p>
        <p className="mt-0.5 flex items-center justify-between gap-2 text-xs">
          <span className={cn('truncate', highlighted ? 'text-neutral-800' : 'text-neutral-400')}>{appt.service}</span>
          <span
            className={cn(
              'inline-flex shrink-0 items-center gap-1 text-[10px] font-medium',
              highlighted ? 'text-neutral-900' : 'text-emerald-400',
            )}
          >
            <CheckCircle2 aria-hidden="true" className="size-3" /> Confirmed
          </span>
        </p>
      </div>
    </div>
  );
}

function PhoneMockup() {
  const reduced = useReducedMotion();
  const [index] = useCycle(FEATURED.length, TIMINGS.heroCycleMs);
  const featured = FEATURED[index]!;
  return (
    <figure
      aria-label="The Barberly app showing today's appointments"
      className="relative mx-auto w-[290px] sm:w-[320px]"
    >
      <div aria-hidden="true" className="absolute -inset-10 rounded-full bg-amber-500/20 blur-3xl" />
      <div className="relative rounded-[2.5rem] border border-white/15 bg-neutral-900 p-3 shadow-2xl">
        <div className="rounded-[2rem] bg-neutral-950 px-4 pt-3 pb-6">
          <div className="flex items-center justify-between text-[11px] font-semibold text-neutral-300">
            <span>10:30</span>
            <span className="h-5 w-20 rounded-full bg-neutral-900" />
            <span>5G</span>
          </div>
          <div className="mt-4 flex items-center justify-between">
            <div>
              <p className="text-xs text-neutral-400">Saturday</p>
              <p className="text-lg font-bold text-white">May 10, 2025</p>
            </div>
            <CalendarCheck aria-hidden="true" className="size-6 text-amber-400" />
          </div>
          <p className="mt-4 mb-2 text-[11px] font-semibold tracking-wider text-neutral-400 uppercase">Next up</p>
          <div key={index} className={cn(!reduced && 'animate-[dialog-in_400ms_ease-out]')} data-testid="hero-featured">
            <AppointmentCard appt={featured} highlighted />
          </div>
          <p className="mt-4 mb-2 text-[11px] font-semibold tracking-wider text-neutral-400 uppercase">Later today</p>
          <div className="flex flex-col gap-2">
            {STATIC.map((appt) => (
              <AppointmentCard key={appt.client} appt={appt} />
            ))}
          </div>
          <div className="mt-4 flex items-center gap-2 rounded-xl border border-amber-500/30 bg-amber-500/10 p-3 text-xs text-amber-200">
            <Sparkles aria-hidden="true" className="size-4 shrink-0" />
            AI assistant filled a 2:30 PM gap with a walk-in.
          </div>
        </div>
      </div>
    </figure>
  );
}

/** "Get Started" opens sign-up (issue 28); someone already signed in goes where the header's Dashboard button goes. */
function GetStarted() {
  const { user, status } = useUser();
  const navigate = useNavigate();
  return (
    <Button
      size="lg"
      onPointerEnter={loginModal.preload}
      onFocus={loginModal.preload}
      onClick={() => {
        if (status === 'signedIn' && user) navigate(dashboardButtonTarget(user));
        else loginModal.open('register');
      }}
    >
      Get Started <ArrowRight aria-hidden="true" className="size-4" />
    </Button>
  );
}

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-neutral-950 pt-28 pb-20 sm:pt-36 lg:pb-28"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,158,11,0.18),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(99,102,241,0.12),transparent_50%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-14 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-amber-500/30 bg-amber-500/10 px-3 py-1 text-xs font-semibold text-amber-300">
            <Sparkles aria-hidden="true" className="size-3.5" /> AI-powered scheduling for barbershops
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-tight font-extrabold tracking-tight text-balance text-white sm:text-5xl xl:text-6xl"
          >
            AI-powered appointment scheduling for <span className="text-amber-400">modern barbershops</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-neutral-300 lg:mx-0">
            Fill every chair without the phone tag. Barberly books clients 24/7, prevents double-bookings, sends
            reminders, and gives your shop a beautiful booking website in minutes.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <GetStarted />
            <Button variant="outline" size="lg" onClick={() => scrollToSection(SECTIONS.howItWorks)}>
              See How It Works
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-neutral-400 lg:justify-start">
            <li className="inline-flex items-center gap-1.5">
              <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-400" /> 14-day free trial
            </li>
            <li className="inline-flex items-center gap-1.5">
              <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-400" /> No credit card
            </li>
            <li className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4 text-emerald-400" /> Set up in under 5 minutes
            </li>
          </ul>
        </div>
        <PhoneMockup />
      </div>
    </section>
  );
}
