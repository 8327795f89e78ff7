import type { LucideIcon } from 'lucide-react';

/** A number with its label and icon, for dashboard summaries. */
export function StatCard({ label, value, icon: Icon }: { label: string; value: number; icon: LucideIcon }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-amber-100 text-amber-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p className="text-sm font-medium text-neutral-600">{label}</p>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
      </div>
    </div>
  );
}
