/**
 * A part of a page the server draws on every request while the rest of the page is drawn once
 * (docs/decisions/063-search-page-in-parts.md): /hotel/rooms?checkIn… is the same page for every
 * stay except its form and results. entry-server.tsx renders the page once per language with
 * SLOT_MARK in place of the slot's children, and the children alone on each request, which the
 * API server puts in the mark's place. Everywhere else (the browser, the full render) the slot is
 * its children. What a slot holds must render the same alone as inside the page: no `useId` (its
 * value depends on the place in the whole tree), ids of its own instead.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** What the page drawn once holds where the slot's markup goes (a private-use character, escaped by nothing). */
export const SLOT_MARK = '\uE000slot\uE000';

/** True while the server draws the page once, without its slots. */
export const ShellContext = createContext(false);

export function ServerSlot({ children }: { children: ReactNode }) {
  return useContext(ShellContext) ? SLOT_MARK : children;
}
