import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LEGAL_PAGES, type LegalPageKey } from '../lib/legal-pages';
import { renderMarkdown } from '../lib/markdown';

/** Reads the operator's Markdown file, served beside the app (`/legal/terms.md`), at the time of the visit. */
async function loadLegalText(file: string, fetcher: typeof fetch = fetch): Promise<string> {
  const res = await fetcher(file, { headers: { Accept: 'text/markdown, text/plain' }, cache: 'no-cache' });
  const type = res.headers.get('content-type') ?? '';
  // A missing file is answered with the app's HTML shell by the front door: that is not the text.
  if (!res.ok || type.includes('text/html')) throw new Error('This page could not be loaded.');
  return res.text();
}

/** /terms and /privacy (issue 28): the operator's own text, replaceable without a rebuild (decision 0176). */
export function LegalPage({ page, fetcher }: { page: LegalPageKey; fetcher?: typeof fetch }) {
  const { title, file } = LEGAL_PAGES[page];
  useDocumentTitle(title);
  const text = useQuery({ queryKey: ['legal', file], queryFn: () => loadLegalText(file, fetcher) });
  return (
    <div className="min-h-dvh bg-neutral-50">
      <header className="bg-neutral-950">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <Link to={paths.home} aria-label="Barberly home" className="rounded-md focus-visible:outline-2">
            <Logo />
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {text.isPending ? (
          <PageSpinner label={`Loading the ${title}`} />
        ) : text.isError ? (
          <div className="rounded-2xl border border-neutral-200 bg-white p-6 text-center">
            <h1 className="text-xl font-bold">{title}</h1>
            <p className="mt-2 text-neutral-600">{text.error.message} Please try again in a moment.</p>
            <Button variant="light" className="mt-4" onClick={() => void text.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" /> Try again
            </Button>
          </div>
        ) : (
          <article className="legal-text rounded-2xl border border-neutral-200 bg-white p-6 text-neutral-800 sm:p-10 [&_a]:font-medium [&_a]:text-amber-800 [&_a]:underline [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:font-bold [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
            {renderMarkdown(text.data)}
          </article>
        )}
        <p className="mt-6 text-sm text-neutral-600">
          <Link to={page === 'terms' ? paths.privacy : paths.terms} className="font-semibold text-amber-800 underline">
            {page === 'terms' ? LEGAL_PAGES.privacy.title : LEGAL_PAGES.terms.title}
          </Link>
          {' · '}
          <Link to={paths.home} className="font-semibold text-amber-800 underline">
            Back to home
          </Link>
        </p>
      </main>
    </div>
  );
}
