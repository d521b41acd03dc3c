/**
 * Carries out the taps public/boot.js kept while the page was not yet the app's: each names its
 * control by `data-early`; the same name may be tapped again (a second "+" before the app ran),
 * and after the first the control that now carries the name (the quantity's "+") takes it.
 */
declare global {
  interface Window {
    __earlyTaps?: string[];
    __earlyText?: Record<string, string>;
    /** Asks for the web fonts held back on a slow connection, and shows them once loaded (public/boot.js). */
    __fontsNow?: () => void;
  }
}

export function replayEarlyTaps(doc: Document = document): number {
  const taps = window.__earlyTaps?.splice(0) ?? [];
  for (const busy of doc.querySelectorAll('[data-early][aria-busy="true"]')) busy.removeAttribute('aria-busy');
  let done = 0;
  for (const name of taps) {
    const control = doc.querySelector<HTMLElement>(`[data-early="${CSS.escape(name)}"]`);
    if (!control || (control as HTMLButtonElement).disabled) continue;
    // A click React handles at once (a discrete event): the page is up to date for the next tap.
    control.click();
    done += 1;
  }
  return done;
}

/**
 * What was typed into the field marked `data-early-text={name}` before the app was live (kept by
 * public/boot.js; issue 48, point 12), once: empty when nothing was.
 */
export function takeEarlyText(name: string): string {
  const kept = window.__earlyText;
  const typed = kept?.[name] ?? '';
  if (kept) delete kept[name];
  return typed;
}
