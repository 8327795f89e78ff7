import { PLANS, TRIAL_DAYS } from '@barberly/common';
import { Check } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { loginModal } from '../../../lib/login-modal';
import { SECTIONS } from '../lib/sections';
import { Reveal, SectionHeading } from './reveal';

const COMMON_FEATURES = ['Online booking website', 'Smart scheduling', 'SMS & email reminders', 'Business analytics'];

export function Pricing() {
  return (
    <section
      id={SECTIONS.pricing}
      tabIndex={-1}
      aria-labelledby="pricing-title"
      className="bg-neutral-900 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple pricing that grows with your team"
          subtitle={`Every plan starts with a ${TRIAL_DAYS}-day free trial. No credit card required to start, and setup takes under 5 minutes.`}
        />
        <ul className="mx-auto mt-14 grid max-w-5xl gap-6 lg:grid-cols-3">
          {PLANS.map((plan, i) => (
            <li key={plan.id}>
              <Reveal delay={i * 120} className="h-full">
                <article
                  aria-labelledby={`plan-${plan.id}`}
                  className={cn(
                    'relative flex h-full flex-col rounded-2xl border p-7',
                    plan.popular
                      ? 'border-amber-500 bg-neutral-950 shadow-2xl shadow-amber-500/10 lg:-translate-y-3'
                      : 'border-white/10 bg-neutral-950/60',
                  )}
                >
                  {plan.popular ? (
                    <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-amber-500 px-3 py-1 text-xs font-bold text-neutral-950">
                      Most Popular
                    </p>
                  ) : null}
                  <h3 id={`plan-${plan.id}`} className="text-lg font-bold text-white">
                    {plan.name}
                  </h3>
                  <p className="mt-4 flex items-baseline gap-1">
                    <span className="text-5xl font-extrabold tracking-tight text-white">${plan.priceMonthly}</span>
                    <span className="text-neutral-400">/month</span>
                  </p>
                  <p className="mt-2 text-sm text-neutral-400">Up to {plan.maxBarbers} barbers</p>
                  <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm">
                    {[`Up to ${plan.maxBarbers} barbers`, ...COMMON_FEATURES, ...plan.extras].map((item) => (
                      <li key={item} className="flex gap-2 text-neutral-200">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-400" />
                        {item}
                      </li>
                    ))}
                  </ul>
                  <Button
                    size="lg"
                    variant={plan.popular ? 'primary' : 'outline'}
                    className="mt-8 w-full"
                    onPointerEnter={loginModal.preload}
                    onClick={() => loginModal.open('register')}
                  >
                    Start {TRIAL_DAYS}-day free trial
                  </Button>
                </article>
              </Reveal>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-neutral-400">
          {TRIAL_DAYS}-day free trial · No credit card required · Setup in under 5 minutes
        </p>
      </div>
    </section>
  );
}
