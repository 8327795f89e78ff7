import { THEME_LABELS, type Theme, TIMINGS } from '@barberly/common';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { paths } from '../../../lib/routes';
import { useCycle, useReducedMotion } from '../lib/motion';
import { SECTIONS } from '../lib/sections';
import { CarouselControls } from './carousel-controls';
import { Reveal, SectionHeading } from './reveal';

interface TemplatePreview {
  theme: Theme;
  tagline: string;
  description: string;
  /** Preview palette: marketing art, not the storefront's theme tokens. */
  bg: string;
  fg: string;
  accent: string;
  heading: string;
  book: string;
}

const TEMPLATES: TemplatePreview[] = [
  {
    theme: 'classic',
    tagline: 'Timeless and refined',
    description: 'Warm tones and serif type for the traditional shop with hot towels and straight razors.',
    bg: 'bg-[#1c1917]',
    fg: 'text-amber-50',
    accent: 'bg-amber-700',
    heading: 'font-serif',
    book: 'Book Appointment',
  },
  {
    theme: 'urban',
    tagline: 'Bold and street-smart',
    description: 'High contrast, loud type and artist spotlights for fades, designs and culture.',
    bg: 'bg-black',
    fg: 'text-white',
    accent: 'bg-fuchsia-600',
    heading: 'font-black uppercase tracking-tight',
    book: 'Book Now',
  },
  {
    theme: 'minimalist',
    tagline: 'Clean and calm',
    description: 'Whitespace and quiet typography that lets your work and your prices speak.',
    bg: 'bg-stone-50',
    fg: 'text-neutral-900',
    accent: 'bg-neutral-900',
    heading: 'font-light tracking-wide',
    book: 'Book an Appointment',
  },
];

function PreviewArt({ t }: { t: TemplatePreview }) {
  return (
    <div aria-hidden="true" className={cn('h-full w-full overflow-hidden rounded-xl p-5 sm:p-8', t.bg, t.fg)}>
      <div className="flex items-center justify-between text-xs opacity-80">
        <span className="font-bold">Fade & Co.</span>
        <span className="hidden gap-4 sm:flex">
          <span>Services</span>
          <span>Barbers</span>
          <span>Hours</span>
        </span>
      </div>
      <p className={cn('mt-8 text-2xl sm:text-4xl', t.heading)}>Fade & Co. Barbers</p>
      <p className="mt-2 max-w-sm text-xs opacity-70 sm:text-sm">Sharp cuts, hot towels and good company since 2012.</p>
      <span className={cn('mt-5 inline-block rounded-md px-4 py-2 text-xs font-semibold text-white', t.accent)}>
        {t.book}
      </span>
      <div className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {['Signature Cut', 'Beard Trim', 'Hot Towel Shave'].map((service, i) => (
          <div key={service} className={cn('rounded-lg border border-current/15 p-3', i === 2 && 'hidden sm:block')}>
            <p className="text-xs font-semibold">{service}</p>
            <p className="mt-1 text-[11px] opacity-70">
              {30 + i * 15} min · ${25 + i * 10}
            </p>
          </div>
        ))}
      </div>
    </div>
  );
}

export function Showcase() {
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [index, setIndex] = useCycle(TEMPLATES.length, TIMINGS.carouselMs, paused || reduced);
  const active = TEMPLATES[index]!;

  return (
    <section
      id={SECTIONS.showcase}
      tabIndex={-1}
      aria-labelledby="showcase-title"
      className="bg-neutral-950 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="showcase-title"
          eyebrow="Templates"
          title="A booking website that looks like your shop"
          subtitle="Three professionally designed templates. Click through a live demo of each."
        />
        <Reveal className="mt-14">
          <section
            aria-roledescription="carousel"
            aria-label="Template previews"
            onPointerEnter={() => setPaused(true)}
            onPointerLeave={() => setPaused(false)}
            onFocusCapture={() => setPaused(true)}
            onBlurCapture={() => setPaused(false)}
            className="rounded-2xl border border-white/10 bg-neutral-900 p-3 sm:p-4"
          >
            <figure
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${TEMPLATES.length}: ${THEME_LABELS[active.theme]}`}
              className="relative aspect-[4/5] sm:aspect-[16/9]"
            >
              <div key={active.theme} className={cn('h-full', !reduced && 'animate-[fade-in_500ms_ease-out]')}>
                <PreviewArt t={active} />
              </div>
            </figure>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 px-1">
              <div>
                <p className="text-lg font-bold text-white">{THEME_LABELS[active.theme]}</p>
                <p className="text-sm text-neutral-400">{active.tagline}</p>
              </div>
              <CarouselControls
                count={TEMPLATES.length}
                index={index}
                onSelect={setIndex}
                previousLabel="Previous template"
                nextLabel="Next template"
                dotLabel={(i) => `Show ${THEME_LABELS[TEMPLATES[i]!.theme]}`}
                dotKey={(i) => TEMPLATES[i]!.theme}
              />
            </div>
          </section>
        </Reveal>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {TEMPLATES.map((t, i) => (
            <li key={t.theme}>
              <Reveal delay={i * 100} className="h-full">
                <div
                  className={cn(
                    'flex h-full flex-col rounded-2xl border p-5 transition-colors',
                    i === index ? 'border-amber-500/60 bg-amber-500/5' : 'border-white/10 bg-neutral-900',
                  )}
                >
                  <h3 className="text-lg font-bold text-white">{THEME_LABELS[t.theme]}</h3>
                  <p className="mt-1 flex-1 text-sm text-neutral-400">{t.description}</p>
                  {/* The demo shops are served by the storefront: a full page load, not a router link. */}
                  <a href={paths.demoShop(t.theme)} className={buttonClasses('outline', 'sm', 'mt-4 self-start')}>
                    {/* The visible text is the name (WCAG 2.5.3): a voice user says what they see. */}
                    View the {THEME_LABELS[t.theme]} demo shop <ExternalLink aria-hidden="true" className="size-3.5" />
                  </a>
                </div>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
