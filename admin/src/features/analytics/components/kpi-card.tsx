import type { AnalyticsComparison } from '@barberly/common';
import { ArrowDownRight, ArrowRight, ArrowUpRight, Info } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '../../../components/ui/cn';
import { type Change, changeSentence, comparisonSentence } from '../lib/analytics-format';

/**
 * Which way is good news: more revenue is, more cancellations is not, a shift to walk-ins is neither. Only the colour
 * follows it; the words say the direction either way.
 */
export type Better = 'up' | 'down' | 'neutral';

export interface KpiChange {
  /** Read before the sentence when a card compares two figures: 'New'. */
  label?: string;
  change: Change;
  better: Better;
}

const TREND_WORD = { up: 'Up', down: 'Down', flat: 'Unchanged', none: '' } as const;

function ChangeLine({ label, change, better, against }: KpiChange & { against: string }) {
  const moved = change.trend === 'up' || change.trend === 'down';
  const good = moved && change.trend === better;
  const bad = moved && better !== 'neutral' && change.trend !== better;
  const Icon = change.trend === 'up' ? ArrowUpRight : change.trend === 'down' ? ArrowDownRight : ArrowRight;
  return (
    <p
      className={cn(
        'flex items-start gap-1 text-sm',
        good ? 'text-emerald-700' : bad ? 'text-red-700' : 'text-neutral-600',
      )}
    >
      {change.trend === 'none' ? null : <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
      <span>
        {label ? <span className="font-medium">{label}: </span> : null}
        {/* The sign says the direction already; the word makes it plain when read aloud ('Up, +12% vs ...'). */}
        {change.amount && TREND_WORD[change.trend] ? (
          <span className="sr-only">{`${TREND_WORD[change.trend]}, `}</span>
        ) : null}
        {changeSentence(change, against)}
      </span>
    </p>
  );
}

/** The one line a card shows instead of its changes when the previous period cannot be compared with. */
function NoComparison({
  comparison,
  against,
  who,
}: {
  comparison: Exclude<AnalyticsComparison, 'ok'>;
  against: string;
  who: 'shop' | 'barber';
}) {
  return (
    <p className="flex items-start gap-1.5 text-sm text-neutral-600" data-comparison={comparison}>
      {comparison === 'new' ? (
        <span className="rounded-full bg-sky-100 px-1.5 text-xs font-semibold text-sky-900" aria-hidden="true">
          New
        </span>
      ) : (
        <span aria-hidden="true" className="font-semibold">
          –
        </span>
      )}
      <span>{comparisonSentence(comparison, against, who)}</span>
    </p>
  );
}

export function KpiCard({
  title,
  value,
  detail,
  note,
  changes,
  comparison = 'ok',
  comparisonOf = 'shop',
  against,
  help,
}: {
  title: string;
  value: ReactNode;
  /** A second figure under the value: '30 returning'. */
  detail?: ReactNode;
  /** A short definition shown beside the value, always (not behind the help button): retention's. */
  note?: string;
  changes: KpiChange[];
  /** Whether the changes can be shown (the report's AnalyticsComparison); otherwise 'New' or a dash, never a ratio. */
  comparison?: AnalyticsComparison;
  /** Whose opening 'New' speaks of: the shop's report or a barber's own numbers. */
  comparisonOf?: 'shop' | 'barber';
  /** 'previous 30 days'. */
  against: string;
  help: string;
}) {
  const helpId = useId();
  const titleId = useId();
  const [showHelp, setShowHelp] = useState(false);
  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-2 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-sm font-medium text-neutral-600">
          {title}
        </h3>
        <button
          type="button"
          aria-label={`About ${title}`}
          aria-expanded={showHelp}
          aria-controls={helpId}
          onClick={() => setShowHelp((open) => !open)}
          className="-m-1 grid size-7 shrink-0 place-items-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-amber-500"
        >
          <Info aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p id={helpId} hidden={!showHelp} className="rounded-lg bg-neutral-50 p-2 text-xs text-neutral-700">
        {help}
      </p>
      <p className="text-2xl font-bold tabular-nums text-neutral-900" data-kpi-value="">
        {value}
      </p>
      {detail ? <p className="-mt-1 text-sm text-neutral-700 tabular-nums">{detail}</p> : null}
      {note ? <p className="-mt-1 text-xs text-neutral-600">{note}</p> : null}
      <div className="flex flex-col gap-0.5">
        {comparison === 'ok' ? (
          changes.map((c) => <ChangeLine key={c.label ?? 'main'} {...c} against={against} />)
        ) : (
          <NoComparison comparison={comparison} against={against} who={comparisonOf} />
        )}
      </div>
    </section>
  );
}
