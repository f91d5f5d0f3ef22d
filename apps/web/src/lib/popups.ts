/** The popups the error catalogue shows (spec core.md section 8), as a tiny external store. */
export interface Popup {
  title: string;
  body: string;
}

type Listener = () => void;

let current: Popup | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a popup; an identical popup already open is not stacked (parallel calls fail alike). */
export function showPopup(popup: Popup): void {
  if (current && current.title === popup.title && current.body === popup.body) return;
  current = popup;
  emit();
}

export function closePopup(): void {
  current = null;
  emit();
}

export function getPopup(): Popup | null {
  return current;
}

export function subscribePopup(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
