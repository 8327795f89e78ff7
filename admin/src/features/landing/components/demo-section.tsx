import { CalendarCheck, MessageSquare, Zap } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SECTIONS } from '../lib/sections';
import { Reveal } from './reveal';

const LeadForm = lazy(() => import('./lead-form'));

/** The form (react-hook-form, zod) loads when the section comes near the viewport, not with the first paint. */
function useNearViewport<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '800px 0px',
    });
    observer.observe(el);
    // Also after the page settles, so a jump straight to the form finds it ready.
    const idle = window.setTimeout(() => setNear(true), 2500);
    return () => {
      observer.disconnect();
      window.clearTimeout(idle);
    };
  }, []);
  return { ref, near };
}

function FormSkeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-4 sm:grid-cols-2 motion-reduce:animate-none">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex flex-col gap-2">
          <div className="h-4 w-24 rounded bg-neutral-200" />
          <div className="h-11 rounded-lg bg-neutral-100" />
        </div>
      ))}
      <div className="h-12 w-40 rounded-lg bg-neutral-200" />
    </div>
  );
}

export function DemoSection() {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <section
      id={SECTIONS.demo}
      tabIndex={-1}
      aria-labelledby="demo-title"
      className="bg-gradient-to-b from-neutral-900 to-neutral-950 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
        <Reveal className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-widest text-amber-500 uppercase">Book a demo</p>
          <h2 id="demo-title" className="mt-3 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            See Barberly in action
          </h2>
          <p className="mt-4 text-lg text-neutral-400">
            Leave your details and we will walk you through Barberly with your own services and team.
          </p>
          <ul className="mt-8 flex flex-col gap-4 text-neutral-200">
            <li className="flex gap-3">
              <Zap aria-hidden="true" className="size-5 shrink-0 text-amber-400" /> A 20-minute tour tailored to your
              shop
            </li>
            <li className="flex gap-3">
              <CalendarCheck aria-hidden="true" className="size-5 shrink-0 text-amber-400" /> Your booking site set up
              with you
            </li>
            <li className="flex gap-3">
              <MessageSquare aria-hidden="true" className="size-5 shrink-0 text-amber-400" /> Answers to every question,
              no pressure
            </li>
          </ul>
        </Reveal>
        <Reveal className="lg:col-span-3">
          <div ref={ref} className="rounded-2xl bg-white p-6 text-neutral-900 shadow-2xl sm:p-8">
            {near ? (
              <Suspense fallback={<FormSkeleton />}>
                <LeadForm />
              </Suspense>
            ) : (
              <FormSkeleton />
            )}
          </div>
        </Reveal>
      </div>
    </section>
  );
}
