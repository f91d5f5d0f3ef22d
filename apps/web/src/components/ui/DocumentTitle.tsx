import { useEffect } from 'react';

export const siteName = 'Northwind Portal';

/**
 * The browser tab's title for the page shown: a title the page renders itself (React 19 `<title>`,
 * e.g. the dashboard's), otherwise its main heading, then the site name. Watching the heading keeps
 * every page titled without each page repeating its heading (and it follows the heading as it loads).
 */
export function pageTitle(root: ParentNode, head: ParentNode): string {
  // The first <title> is index.html's; a later one was rendered by the page.
  const own = head.querySelectorAll('title')[1]?.textContent?.trim();
  if (own) return own;
  const heading = root.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
  return heading ? `${heading} · ${siteName}` : siteName;
}

/** Keeps document.title in step with the page inside `#main` (rendered once, in the app layout). */
export function DocumentTitle() {
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    const update = () => {
      const next = pageTitle(main, document.head);
      if (document.title !== next) document.title = next;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
