import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** A report that could not be loaded: the api's message and a way to ask again. */
export function ErrorState({
  message,
  onRetry,
  title = 'The analytics could not be loaded',
}: {
  message: string;
  onRetry: () => void;
  title?: string;
}) {
  return (
    <Card role="alert" className="text-center">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm text-neutral-600">{message}</p>
      <Button className="mt-4" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-4" /> Try again
      </Button>
    </Card>
  );
}
