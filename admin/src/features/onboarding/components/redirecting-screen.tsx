import { ExternalLink, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Spec 2: the shop URL, environment (Development or Production), status Ready, and 'Go to My Shop Now'. */
export function RedirectingScreen({
  url,
  environment,
  onGo,
}: {
  url: string;
  environment: 'Development' | 'Production';
  onGo: () => void;
}) {
  return (
    <section
      aria-labelledby="redirecting-title"
      className="mx-auto max-w-lg rounded-2xl border border-neutral-200 bg-white p-6 text-center shadow-sm sm:p-8"
    >
      <Loader2 aria-hidden="true" className="mx-auto size-10 animate-spin text-amber-500 motion-reduce:animate-none" />
      <h1 id="redirecting-title" className="mt-4 text-2xl font-bold tracking-tight">
        Taking you to your shop...
      </h1>
      <p className="mt-1 text-neutral-600">Your barbershop is live. Redirecting now.</p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-neutral-50 p-4 text-left text-sm">
        <dt className="text-neutral-500">Shop URL</dt>
        <dd className="break-all font-medium" data-testid="launch-url">
          {url}
        </dd>
        <dt className="text-neutral-500">Environment</dt>
        <dd className="font-medium">{environment}</dd>
        <dt className="text-neutral-500">Status</dt>
        <dd className="font-medium text-emerald-700">Ready</dd>
      </dl>
      <Button size="lg" className="mt-6 w-full" onClick={onGo}>
        Go to My Shop Now <ExternalLink aria-hidden="true" className="size-4" />
      </Button>
    </section>
  );
}
