import { Star, StarHalf } from 'lucide-react';

/** 4.5 gives 4 full, 1 half, 0 empty; ratings are clamped to 0..5 and rounded to the nearest half. */
export function starParts(rating: number): { full: number; half: number; empty: number } {
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  const full = Math.floor(halves / 2);
  const half = halves % 2;
  return { full, half, empty: 5 - full - half };
}

const POSITIONS = [1, 2, 3, 4, 5] as const;

export function Stars({ rating }: { rating: number }) {
  const { full, half } = starParts(rating);
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="inline-flex gap-0.5 text-amber-400">
      {POSITIONS.map((position) =>
        position <= full ? (
          <Star key={position} aria-hidden="true" className="size-5 fill-current" data-star="full" />
        ) : position === full + 1 && half ? (
          <span key={position} className="relative inline-block size-5" data-star="half">
            <Star aria-hidden="true" className="absolute inset-0 size-5 text-white/25" />
            <StarHalf aria-hidden="true" className="absolute inset-0 size-5 fill-current" />
          </span>
        ) : (
          <Star key={position} aria-hidden="true" className="size-5 text-white/25" data-star="empty" />
        ),
      )}
    </span>
  );
}
