/**
 * A value carried in a page's HTML as `<script type="application/json">`, which the browser never
 * runs: the data a page was drawn with (shared/api/app-data.ts), the texts it needs before it
 * hydrates (shared/i18n/page-texts.ts).
 */

/** The element for `value`, with the id the page reads it back by. */
export function jsonScript(id: string, value: unknown): string {
  // A script element ends at the first "</script": with every "<" escaped, no text in the value can end it.
  const text = JSON.stringify(value);
  const json = text.includes('<') ? text.replace(/</g, '\\u003c') : text;
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** The value of the element with this id, or undefined when the page has none or it does not parse. */
export function readJsonScript(id: string, from: Document = document): unknown {
  const text = from.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
