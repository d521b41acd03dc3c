/**
 * The texts a prerendered page needs before it hydrates, carried in its HTML: its route's
 * namespaces (`namespaces` in app/route-tables/public-routes.tsx) in the language it was drawn in.
 * Loaded as files, they were two to four more requests after the entry had run, each a round trip
 * on a phone's connection before the page could be live (docs/decisions/075-texts-in-the-page.md).
 */
import type { Language } from '@hotel/domain';
import { jsonScript, readJsonScript } from '../ssr/json-script';

const ELEMENT_ID = 'page-texts';

export interface PageTexts {
  language: Language;
  /** Each namespace's texts, as its file under locales/ holds them. */
  namespaces: Record<string, Record<string, unknown>>;
}

/** The `<script>` that carries the texts (scripts/prerender.mjs puts it in each page's template). */
export function pageTextsScript(texts: PageTexts): string {
  return jsonScript(ELEMENT_ID, texts);
}

/** The texts the page carries, or nothing (a page drawn in the browser, a damaged script). */
export function textsInPage(from: Document = document): PageTexts | undefined {
  const texts = readJsonScript(ELEMENT_ID, from) as Partial<PageTexts> | undefined;
  if (typeof texts?.language !== 'string' || typeof texts.namespaces !== 'object' || texts.namespaces === null) return undefined;
  return texts as PageTexts;
}
