import { useEffect } from 'react';

export interface PageMeta {
  /** The page part of the tab title: "<title> · CMA Studio". */
  title: string;
  /** One or two sentences for search results and link previews. */
  description: string;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/** Title, meta description and the Open Graph basics of a public page (the SPA has one index.html for all). */
export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    const fullTitle = title ? `${title} · CMA Studio` : 'CMA Studio';
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', 'CMA Studio');
    setMeta('property', 'og:url', window.location.origin + window.location.pathname);
    setMeta('name', 'twitter:card', 'summary');
  }, [title, description]);
}
