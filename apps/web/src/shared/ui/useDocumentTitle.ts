import { useEffect } from 'react';

/** Sets the tab title for a page: "<page> · CMA Studio". */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · CMA Studio` : 'CMA Studio';
  }, [pageTitle]);
}
