import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';

/** What a person sees if a page crashes: an apology and a way home, never a stack trace. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="grid min-h-dvh place-items-center bg-neutral-950 px-6 text-center">
      <div className="max-w-md">
        <Logo />
        <h1 className="mt-10 text-3xl font-extrabold tracking-tight text-white">Something went wrong</h1>
        <p className="mt-4 text-neutral-400">
          Sorry, this page could not be shown{detail ? ` (${detail})` : ''}. Please try again.
        </p>
        {/* A full page load: whatever state broke the page is left behind. */}
        <a href="/" className={buttonClasses('primary', 'md', 'mt-8')}>
          Back to home
        </a>
      </div>
    </main>
  );
}
