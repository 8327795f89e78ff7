import { useEffect } from 'react';

/** Sets the tab's title while the page is shown: 'Page Not Found | Barberly'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | Barberly`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
