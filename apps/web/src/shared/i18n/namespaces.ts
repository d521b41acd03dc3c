/** The spec's namespaces (CHR-28). */
export const SPEC_NAMESPACES = ['account', 'hotel', 'auth', 'restaurant', 'about', 'common', 'admin'] as const;
/**
 * Screens the spec does not have, each loaded only where it is shown: the staff's reservations
 * board (docs/decisions/018-reservations-board.md), the live order board (019), the guests'
 * reviews under /hotel and /delivery (038), the promo code field of the payment step and the cart
 * (043), the extras with a stay (044) and the rates of a stay on the booking steps and in the
 * account (045), the front desk and housekeeping (054), the bill (055), and the pages of house rules
 * and contacts (`pages`: /terms, /contacts, beside the home page's `about`), kept out of the texts the
 * first visit to / fetches.
 */
export const SCREEN_NAMESPACES = ['reservations-board', 'desk', 'order-board', 'restaurant-board', 'reviews', 'promo', 'extras', 'rates', 'folio', 'pages'] as const;
export const NAMESPACES = [...SPEC_NAMESPACES, ...SCREEN_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];
