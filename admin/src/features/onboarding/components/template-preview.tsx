import type { Theme } from '@barberly/common';
import { cn } from '../../../components/ui/cn';

interface Look {
  tagline: string;
  bg: string;
  fg: string;
  accent: string;
  heading: string;
  card: string;
  book: string;
}

/** A miniature of each storefront look (illustration only; the live demo shows the real page). */
export const LOOKS: Record<Theme, Look> = {
  classic: {
    tagline: 'Timeless and refined: warm tones and serif type.',
    bg: 'bg-[#1c1917]',
    fg: 'text-amber-50',
    accent: 'bg-amber-700',
    heading: 'font-serif',
    card: 'border-amber-100/20',
    book: 'Book Appointment',
  },
  urban: {
    tagline: 'Bold and street-smart: high contrast and loud type.',
    bg: 'bg-black',
    fg: 'text-white',
    accent: 'bg-fuchsia-600',
    heading: 'font-black uppercase tracking-tight',
    card: 'border-white/20',
    book: 'Book Now',
  },
  minimalist: {
    tagline: 'Clean and calm: whitespace that lets your work speak.',
    bg: 'bg-stone-50',
    fg: 'text-neutral-900',
    accent: 'bg-neutral-900',
    heading: 'font-light tracking-wide',
    card: 'border-neutral-900/10',
    book: 'Book an Appointment',
  },
};

export function TemplatePreview({ theme, shopName = 'Your Barbershop' }: { theme: Theme; shopName?: string }) {
  const look = LOOKS[theme];
  return (
    <div aria-hidden="true" className={cn('h-full overflow-hidden rounded-xl p-4', look.bg, look.fg)}>
      <div className="flex items-center justify-between text-[10px] opacity-80">
        <span className="truncate font-bold">{shopName}</span>
        <span className="flex gap-2">
          <span>Services</span>
          <span>Hours</span>
        </span>
      </div>
      <p className={cn('mt-4 truncate text-lg', look.heading)}>{shopName}</p>
      <span className={cn('mt-2 inline-block rounded px-2 py-1 text-[10px] font-semibold text-white', look.accent)}>
        {look.book}
      </span>
      <div className="mt-3 grid grid-cols-2 gap-2">
        {['Classic Cut', 'Beard Trim'].map((service, i) => (
          <div key={service} className={cn('rounded-md border p-2', look.card)}>
            <p className="text-[10px] font-semibold">{service}</p>
            <p className="text-[9px] opacity-70">
              {30 + i * 15} min · ${25 + i * 10}
            </p>
          </div>
        ))}
      </div>
    </div>
  );
}
