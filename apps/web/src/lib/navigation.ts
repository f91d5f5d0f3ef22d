import { absoluteUrl } from '../config/paths.ts';

type Navigate = (to: string) => void;

/**
 * Navigation for code outside React (the request helper). The router installs its own
 * navigate at start-up; until then a full page load is used.
 */
let navigator: Navigate = (to) => window.location.assign(absoluteUrl(to));

export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  navigator(to);
}
