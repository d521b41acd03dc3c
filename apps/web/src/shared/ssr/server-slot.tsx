/**
 * A part of a page the server draws on every request while the rest of the page is drawn once
 * (docs/decisions/063-search-page-in-parts.md): /hotel/rooms?checkIn… is the same page for every
 * stay except its form and results. entry-server.tsx renders the page once per language with
 * SLOT_MARK in place of the slot's children, and the children alone on each request, which the
 * API server puts in the mark's place. Everywhere else (the browser, the full render) the slot is
 * its children. What a slot holds must render the same alone as inside the page: no `useId` (its
 * value depends on the place in the whole tree), ids of its own instead.
 *
 * Inside a slot, a part that does not change with the request (a room's picture, name and
 * description on its result card) can be kept: `ServerKept`.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** What the page drawn once holds where the slot's markup goes (a private-use character, escaped by nothing). */
export const SLOT_MARK = '\uE000slot\uE000';

/** True while the server draws the page once, without its slots. */
export const ShellContext = createContext(false);

export function ServerSlot({ children }: { children: ReactNode }) {
  return useContext(ShellContext) ? SLOT_MARK : children;
}

/**
 * The markup of parts kept between the server's renders of a slot, by the part's id, for one
 * language and data version (the server keeps one per shell): `markup` as drawn, `drawn` the parts
 * the render drew for want of their markup (drawn alone after it and kept), `used` the ids in the
 * order their marks were put in.
 */
export interface KeptParts {
  markup: Map<string, string>;
  drawn: Map<string, ReactNode>;
  used: string[];
}

/** Set only while the server draws a slot. */
export const KeptPartsContext = createContext<KeptParts | null>(null);

/** The mark of a kept part's markup: its place in `used` between private-use characters, escaped by nothing. */
export const KEPT_MARK = /\uE000kept(\d+)\uE000/g;

/**
 * Children drawn once and kept while the server draws a slot, their markup put in on the next
 * requests; everywhere else, the children. `id` must name everything they are drawn from besides
 * the language and the data version (a room: its id and its picture's address, which names the
 * request's host). The children must be elements with no text beside the part (a mark is text:
 * React would write a separator next to other text) and render the same alone as in place.
 */
export function ServerKept({ id, children }: { id: string; children: ReactNode }) {
  const kept = useContext(KeptPartsContext);
  if (!kept) return children;
  if (kept.markup.has(id)) return `\uE000kept${kept.used.push(id) - 1}\uE000`;
  kept.drawn.set(id, children);
  return children;
}
