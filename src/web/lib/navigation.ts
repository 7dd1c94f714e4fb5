/**
 * Navigation for code outside React (the http client's session rules). The router registers
 * itself at start-up; before that (and in component tests) a full page load is the fallback.
 */
type Navigate = (to: string) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate) {
  navigator = fn;
}

export function navigateTo(to: string) {
  navigator(to);
}
