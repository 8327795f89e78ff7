import { TIMINGS } from '@barberly/common';
import { Quote } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../components/ui/cn';
import { useCycle, useReducedMotion } from '../lib/motion';
import { SECTIONS } from '../lib/sections';
import { CarouselControls } from './carousel-controls';
import { Reveal, SectionHeading } from './reveal';
import { Stars } from './stars';

const TESTIMONIALS = [
  {
    quote:
      'Since switching to Barberly we take 30% more bookings and no-shows have almost disappeared. The reminders alone paid for it in the first month.',
    name: 'Marcus Reed',
    role: 'Owner, Fade & Co. Barbers',
    rating: 5,
  },
  {
    quote:
      'My clients book at midnight, on Sundays, whenever. I just show up and cut. The site looked professional in ten minutes.',
    name: 'Tony Alvarez',
    role: 'Owner, Southside Cuts',
    rating: 4.5,
  },
  {
    quote: 'The rotation system keeps walk-ins fair between my four barbers. No more arguments about who is next.',
    name: 'Jamal Carter',
    role: 'Owner, Crown & Blade',
    rating: 5,
  },
  {
    quote: 'I can see my whole day on my phone between cuts. Simple, fast, and it just works.',
    name: 'Luis Moreno',
    role: 'Barber, The Gentlemen’s Room',
    rating: 4.5,
  },
];

export function Testimonials() {
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [index, setIndex] = useCycle(TESTIMONIALS.length, TIMINGS.carouselMs, paused || reduced);
  const t = TESTIMONIALS[index]!;

  return (
    <section
      id={SECTIONS.testimonials}
      tabIndex={-1}
      aria-labelledby="testimonials-title"
      className="bg-neutral-950 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Barbers love Barberly"
          subtitle="Shops of every size run their day on it."
        />
        <Reveal className="mt-12">
          <section
            aria-roledescription="carousel"
            aria-label="Testimonials"
            onPointerEnter={() => setPaused(true)}
            onPointerLeave={() => setPaused(false)}
            onFocusCapture={() => setPaused(true)}
            onBlurCapture={() => setPaused(false)}
            className="relative rounded-3xl border border-white/10 bg-neutral-900 p-6 sm:p-12"
          >
            <Quote aria-hidden="true" className="absolute top-6 right-6 size-10 text-amber-500/20" />
            <div aria-live={paused || reduced ? 'polite' : 'off'}>
              <figure
                key={index}
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${TESTIMONIALS.length}`}
                className={cn('min-h-[220px] sm:min-h-[180px]', !reduced && 'animate-[fade-in_500ms_ease-out]')}
              >
                <Stars rating={t.rating} />
                <blockquote className="mt-5 text-lg leading-relaxed text-pretty text-white sm:text-xl">
                  “{t.quote}”
                </blockquote>
                <figcaption className="mt-6">
                  <p className="font-semibold text-white">{t.name}</p>
                  <p className="text-sm text-neutral-400">{t.role}</p>
                </figcaption>
              </figure>
            </div>
            <CarouselControls
              className="mt-8 justify-center"
              count={TESTIMONIALS.length}
              index={index}
              onSelect={setIndex}
              previousLabel="Previous testimonial"
              nextLabel="Next testimonial"
              dotLabel={(i) => `Show testimonial ${i + 1}`}
              dotKey={(i) => TESTIMONIALS[i]!.name}
            />
          </section>
        </Reveal>
      </div>
    </section>
  );
}
