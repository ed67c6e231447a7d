import { useEffect } from 'react';

const SITE = 'Tidewise';

const setMeta = (selector: string, attribute: 'name' | 'property', key: string, content: string) => {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
};

/** Sets the document title, meta description and social tags for the current page. */
export const usePageMeta = ({ title, description }: { title: string; description: string }) => {
  useEffect(() => {
    const fullTitle = title === SITE ? title : `${title} · ${SITE}`;
    document.title = fullTitle;
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[property="og:title"]', 'property', 'og:title', fullTitle);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    setMeta('meta[property="og:type"]', 'property', 'og:type', 'website');
    setMeta('meta[name="twitter:card"]', 'name', 'twitter:card', 'summary');
  }, [title, description]);
};
