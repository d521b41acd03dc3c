/**
 * API data a page was rendered with on the server, carried in its HTML beside #root. The browser's
 * first render must draw what the server drew, or React would find a mismatch and throw the
 * server's markup away, so the query client starts from the same data
 * (docs/decisions/008-prerendering.md).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { jsonScript, readJsonScript } from '../ssr/json-script';

const ELEMENT_ID = 'app-data';

/** Query keys and the data each was answered with. */
export type AppData = [QueryKey, unknown][];

/** The `<script>` that carries the data, or nothing when there is none. */
export function appDataScript(entries: AppData): string {
  return entries.length === 0 ? '' : jsonScript(ELEMENT_ID, entries);
}

/** Puts the page's data, if it carries any, into the query client before the first render. */
export function seedFromPage(queryClient: QueryClient, from: Document = document) {
  // Without it React finds server data where the client draws placeholders and renders that part
  // again; the queries then fetch as on any other page.
  const entries = readJsonScript(ELEMENT_ID, from);
  if (!Array.isArray(entries)) return;
  for (const [key, data] of entries as AppData) queryClient.setQueryData(key, data);
}
