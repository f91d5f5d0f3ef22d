/**
 * `data-hydrated` on the document: set once the app has rendered the page, or has taken over every part
 * of the page the server rendered. Each part (a Suspense boundary, `HydrationPart`) is taken over in a
 * commit of its own after the root's (decision 109), so the root's commit alone is too early: a control
 * in a part not taken over yet shows but does not answer (decision 111). The browser tests wait for it.
 */

/** Server-rendered parts the page starts with: React writes each Suspense boundary as `<!--$-->`. */
let expected = 0;
const taken = new Set<string>();
let rootCommitted = false;

/** Counts the parts of the server's page in `container`, before React takes it over. */
export function expectServerParts(container: HTMLElement) {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_COMMENT);
  let count = 0;
  while (walker.nextNode()) if ((walker.currentNode as Comment).data === '$') count++;
  expected = count;
}

function markWhenDone() {
  if (rootCommitted && taken.size >= expected) document.documentElement.dataset.hydrated = 'true';
}

/** A part has committed (taken over, or rendered in the browser); `id` is its `useId`. */
export function partTakenOver(id: string) {
  taken.add(id);
  markWhenDone();
}

/** The root has committed: everything outside the parts answers. */
export function rootTakenOver() {
  rootCommitted = true;
  markWhenDone();
}
