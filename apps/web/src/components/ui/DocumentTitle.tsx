import { useEffect } from 'react';

import { useBrand } from '../../lib/brand.ts';

/**
 * index.html's own <title>, taken when this module loads (before React renders any page title): the last
 * in <head>, after a page title the server rendered. A page's React 19 `<title>` goes before it, so it
 * names the tab while the page is shown. React takes over the first `<title>` in the document that no
 * component owns for a page's title, and removes it when the page goes: `itemprop` keeps React off this
 * one (React leaves microdata titles alone), so it stays for the pages without a title of their own.
 */
const staticTitle =
  typeof document === 'undefined' ? null : ([...document.head.querySelectorAll('title')].at(-1) ?? null);
staticTitle?.setAttribute('itemprop', 'name');

/**
 * The browser tab's title for the page shown: a title the page renders itself (e.g. the
 * dashboard's), otherwise its main heading, then the site name.
 */
export function pageTitle(
  root: ParentNode,
  head: ParentNode,
  siteName: string,
  fixed: Element | null = staticTitle,
): string {
  const own = [...head.querySelectorAll('title')].find((title) => title !== fixed)?.textContent?.trim();
  if (own) return own;
  const heading = root.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
  return heading ? `${heading} · ${siteName}` : siteName;
}

/**
 * Keeps the tab title in step with the page inside `#main` (rendered once, in the app layout), so
 * every page has its own title without each page repeating its heading; it follows the heading
 * as the page loads.
 */
export function DocumentTitle() {
  const siteName = useBrand().portal_name;
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main || !staticTitle) return;
    const update = () => {
      const next = pageTitle(main, document.head, siteName);
      if (staticTitle.textContent !== next) staticTitle.textContent = next;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [siteName]);
  return null;
}
