/**
 * Leaves the site for another page the browser must load itself: the payment provider's page
 * where a card is typed or 3-D Secure is confirmed. One function for it, so a component test can
 * see where the browser was sent: jsdom does not navigate, and where tests run in a VM context
 * (apps/web/vitest.config.ts) `window.location` cannot be replaced.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

/** Loads the page again from the server, for the same reason: a test can see that it was asked. */
export function reloadPage(): void {
  window.location.reload();
}
