import { createContext, useContext, useEffect } from 'react';

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

/** The tab title and the meta tags of a page; og:url needs the page's origin, so only the browser adds it. */
export function pageMetaTags({ title, description }: PageMeta): { title: string; meta: [attribute: 'name' | 'property', key: string, content: string][] } {
  const fullTitle = title ? `${title} · CMA Studio` : 'CMA Studio';
  return {
    title: fullTitle,
    meta: [
      ['name', 'description', description],
      ['property', 'og:title', fullTitle],
      ['property', 'og:description', description],
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', 'CMA Studio'],
      ['name', 'twitter:card', 'summary'],
    ],
  };
}

/**
 * Given only while the server renders a page (src/prerender.tsx): effects do not run there, so the page's meta is
 * handed over during render, for the <head> of the page the server sends (decision 2100).
 */
export const ServerPageMetaContext = createContext<((meta: PageMeta) => void) | null>(null);

/** Title, meta description and the Open Graph basics of a public page (the SPA has one index.html for all). */
export function usePageMeta({ title, description }: PageMeta): void {
  useContext(ServerPageMetaContext)?.({ title, description });
  useEffect(() => {
    const tags = pageMetaTags({ title, description });
    document.title = tags.title;
    for (const [attribute, key, content] of tags.meta) setMeta(attribute, key, content);
    setMeta('property', 'og:url', window.location.origin + window.location.pathname);
  }, [title, description]);
}
