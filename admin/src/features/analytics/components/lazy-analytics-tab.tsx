import { lazy, Suspense } from 'react';
import { PageSpinner } from '../../../components/ui/spinner';
import type { AnalyticsTabProps } from './analytics-tab';

const AnalyticsTab = lazy(() => import('./analytics-tab').then((module) => ({ default: module.AnalyticsTab })));

/**
 * The owner's Analytics tab, loaded when first shown: the tab and recharts are a chunk of their own, so the
 * dashboard's other tabs never download the charts. Only a type comes from './analytics-tab' statically.
 */
export function LazyAnalyticsTab(props: AnalyticsTabProps) {
  return (
    <Suspense fallback={<PageSpinner label="Loading analytics" />}>
      <AnalyticsTab {...props} />
    </Suspense>
  );
}
