import { Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';

/**
 * A chart and its table. The chart is a picture (hidden from screen readers); the table carries the same figures and
 * is always in the page: visually hidden until 'Show as table', which swaps the chart for it.
 */
export function ChartPanel({
  title,
  description,
  chart,
  table,
}: {
  title: string;
  description: string;
  chart: ReactNode;
  /** A real <table> with a <caption> and header cells. */
  table: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  return (
    <Card className="flex flex-col gap-4">
      <CardHeader
        as="h3"
        title={title}
        description={description}
        actions={
          <Button
            variant="light"
            size="sm"
            aria-pressed={asTable}
            aria-controls={tableId}
            onClick={() => setAsTable((v) => !v)}
          >
            <Table2 aria-hidden="true" className="size-4" /> Show as table
          </Button>
        }
      />
      {asTable ? null : (
        <div aria-hidden="true" className="h-64 w-full min-w-0 sm:h-72">
          {chart}
        </div>
      )}
      <div id={tableId} className={cn(asTable ? 'max-h-96 overflow-auto' : 'sr-only')}>
        {table}
      </div>
    </Card>
  );
}

/** The tables' look: a caption, header cells with scope, numbers right-aligned. */
export const tableClasses = {
  table: 'w-full border-collapse text-left text-sm',
  caption: 'mb-2 text-left text-sm font-medium text-neutral-700',
  th: 'border-b border-neutral-200 px-2 py-1.5 font-semibold text-neutral-700',
  rowTh: 'border-b border-neutral-100 px-2 py-1.5 font-medium text-neutral-900',
  td: 'border-b border-neutral-100 px-2 py-1.5 text-right tabular-nums',
  num: 'text-right',
} as const;
