import { type DisplaySettings, formatClockTime, formatDayLabel, type SeriesCollision } from '@barberly/common';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toaster';
import { apiErrorToast } from '../../../lib/dashboard-toasts';
import { useAcceptAlternative, useDismissCollision } from '../api/visits-api';

/** What the owner did with a collision here: booked one of its alternatives, or left that visit out. */
export type CollisionOutcome = { status: 'resolved'; label: string } | { status: 'dismissed' };

/** 'Tuesday, December 8, 2026 at 10:00 AM', in the shop's zone and clock. */
export function wantedLabel(collision: SeriesCollision, timeZone: string, display?: DisplaySettings): string {
  const at = new Date(collision.wantedStart);
  return `${formatDayLabel(at, timeZone)} at ${formatClockTime(at, { ...display, timeZone })}`;
}

/**
 * A series' visits the rule wanted that were not free, each with its nearest free alternatives to accept one by
 * one, or dismiss: never skipped silently (decision 0160). Shows the collisions still open, and those settled here
 * (with what was done) so the owner sees the outcome even after the series list comes back without them.
 * Accept and dismiss refresh the series list and the agenda (useBookingMutation).
 */
export function CollisionList({
  shopId,
  seriesId,
  collisions,
  timeZone,
  display,
  label,
  onSettled,
}: {
  shopId: string;
  seriesId: string;
  collisions: SeriesCollision[];
  timeZone: string;
  display?: DisplaySettings;
  /** The list's accessible name. */
  label: string;
  onSettled?: (date: string, outcome: CollisionOutcome) => void;
}) {
  const accept = useAcceptAlternative(shopId);
  const dismiss = useDismissCollision(shopId);
  const [outcomes, setOutcomes] = useState<Record<string, CollisionOutcome>>({});
  const [busy, setBusy] = useState<string | null>(null);
  // The buttons pressed are gone once settled: keyboard focus moves to what was done instead of the page's top.
  const [focusDate, setFocusDate] = useState<string | null>(null);
  const focusTarget = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusDate) focusTarget.current?.focus();
  }, [focusDate]);

  const shown = collisions.filter((c) => c.status === 'open' || outcomes[c.date]);
  if (shown.length === 0) return null;

  const run = async (date: string, action: () => Promise<CollisionOutcome>) => {
    setBusy(date);
    try {
      const outcome = await action();
      setOutcomes((current) => ({ ...current, [date]: outcome }));
      setFocusDate(date);
      onSettled?.(date, outcome);
    } catch (error) {
      showToast(apiErrorToast(error, 'That could not be done. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {shown.map((collision) => {
        const outcome = outcomes[collision.date];
        const wanted = wantedLabel(collision, timeZone, display);
        const done = outcome
          ? {
              ref: focusDate === collision.date ? focusTarget : undefined,
              tabIndex: -1,
              role: 'status',
            }
          : null;
        return (
          <li
            key={collision.date}
            aria-label={wanted}
            className="min-w-0 rounded-xl border border-neutral-200 bg-white p-3 text-sm"
          >
            <p className="break-words font-semibold">{wanted} is taken</p>
            {outcome?.status === 'resolved' ? (
              <p {...done} className="mt-1 text-emerald-800 outline-none">
                Booked {outcome.label}
              </p>
            ) : outcome?.status === 'dismissed' ? (
              <p {...done} className="mt-1 text-neutral-600 outline-none">
                Left out of the series
              </p>
            ) : (
              <>
                <p className="mt-1 text-neutral-600">
                  {collision.alternatives.length > 0 ? 'Nearest free times:' : 'No free time nearby.'}
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {collision.alternatives.map((alternative) => (
                    <Button
                      key={alternative.start}
                      variant="light"
                      size="sm"
                      className="h-auto min-h-9 max-w-full py-1.5 text-left whitespace-normal"
                      disabled={busy !== null}
                      onClick={() =>
                        void run(collision.date, async () => {
                          await accept.mutateAsync({ seriesId, date: collision.date, start: alternative.start });
                          return { status: 'resolved', label: alternative.label };
                        })
                      }
                    >
                      Accept {alternative.label}
                    </Button>
                  ))}
                  <Button
                    variant="light"
                    size="sm"
                    className="text-red-700"
                    disabled={busy !== null}
                    aria-label={`Dismiss ${wanted}`}
                    onClick={() =>
                      void run(collision.date, async () => {
                        await dismiss.mutateAsync({ seriesId, date: collision.date });
                        return { status: 'dismissed' };
                      })
                    }
                  >
                    Dismiss
                  </Button>
                </div>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
