import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../lib/routes';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <main className="grid min-h-dvh place-items-center bg-neutral-950 px-6 text-center">
      <div className="max-w-md">
        <Link to={paths.home} aria-label="Barberly home" className="inline-block">
          <Logo />
        </Link>
        <p className="mt-10 text-sm font-semibold tracking-widest text-amber-400">404</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-white">Page Not Found</h1>
        <p className="mt-4 text-neutral-400">The page you are looking for does not exist or has moved.</p>
        <Link to={paths.home} className={buttonClasses('primary', 'md', 'mt-8')}>
          Back to home
        </Link>
      </div>
    </main>
  );
}
