/**
 * The hotel state of the browser (HOT-38): the search, the chosen room, the guests and the booking
 * details, kept in sessionStorage so that reloading any booking step keeps the choice, and a closed
 * tab forgets it. Rooms and variants are server state and live in TanStack Query instead.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { guestCount, maxGuests, stayPromoDiscount, type PriceRun, type RateType, type RoomFilter, type RoomVariant, type Stay } from '@hotel/domain';
import { onSignedOut } from '../../../shared/session/session-store';
import type { ExtraChoice } from './chosen-extras';

/** One companion of the booking user: a saved guest, or a new one typed in. */
export type GuestSlot =
  | { kind: 'saved'; id: number; first_name: string; last_name: string; second_name: string | null }
  | { kind: 'new'; first_name: string; last_name: string; second_name: string };

export const emptyGuest = (): GuestSlot => ({ kind: 'new', first_name: '', last_name: '', second_name: '' });

/**
 * The stay the guests step agreed to, and the guest's requests. The guests chosen are in
 * guestsData and the total in selectedVariant: the draft keeps each thing once.
 */
export interface BookingDetails extends Stay {
  specialRequests: string;
}

interface BookingDraftState {
  filterParams: RoomFilter | null;
  selectedVariant: RoomVariant | null;
  /** Everyone staying, the booking user included (default 1). */
  numberOfGuests: number;
  /** The companions: always numberOfGuests - 1 entries. */
  guestsData: GuestSlot[];
  bookingDetails: BookingDetails | null;
  /** The saved card that guarantees the booking (CON-05), or pays it in full at the non-refundable rate. */
  paymentMethodId: string | null;
  /** The rate chosen on the room's card (issue 23.3). */
  rate: RateType;
  /** Extras with the stay the guest chose (decision 044): ids and quantities; the prices are the room's list's. */
  extras: ExtraChoice[];
  setFilter(filter: RoomFilter): void;
  selectVariant(filter: RoomFilter, variant: RoomVariant, rate?: RateType): void;
  /**
   * The server priced the stay otherwise than the guest saw: the draft takes today's figures, to be
   * agreed to. At the non-refundable rate `total` is the rate's and `subtotal` the nights' sum.
   */
  repriceVariant(price: { total: number; price_per_night: number; price_breakdown?: PriceRun[] | undefined; subtotal?: number | undefined }): void;
  setNumberOfGuests(count: number): void;
  updateGuest(index: number, guest: GuestSlot): void;
  setBookingDetails(details: BookingDetails): void;
  setSpecialRequests(text: string): void;
  setPaymentMethod(id: string | null): void;
  /** Sets an extra's quantity; 0 takes it off. */
  setExtra(id: number, quantity: number): void;
  /** Forgets the search, the chosen room and the booking details (HOT-39). */
  clear(): void;
}

/** Resizes the list of companions, keeping the entries there are and padding with empty ones (HOT-23). */
export function resizeGuests(guests: GuestSlot[], companions: number): GuestSlot[] {
  if (companions <= guests.length) return guests.slice(0, Math.max(0, companions));
  return [...guests, ...Array.from({ length: companions - guests.length }, emptyGuest)];
}

function capacityOf(variant: RoomVariant | null): number {
  if (!variant) return 1;
  return maxGuests({ primaryCapacity: variant.room.primary_capacity, extraCapacity: variant.room.extra_capacity });
}

const initial = {
  filterParams: null,
  selectedVariant: null,
  numberOfGuests: 1,
  guestsData: [] as GuestSlot[],
  bookingDetails: null,
  paymentMethodId: null as string | null,
  rate: 'flexible' as RateType,
  extras: [] as ExtraChoice[],
};

/** The total of the stay at the rate chosen: what the guest agrees to and, at the non-refundable rate, pays now. */
export function rateTotal(variant: RoomVariant, rate: RateType): number {
  return rate === 'non_refundable' && variant.non_refundable ? variant.non_refundable.total : variant.total;
}

/**
 * What a promo code takes off this stay: at most what the nights cost at the rate chosen, as the
 * server caps it (`stayPromoDiscount`, issue 42).
 */
export function stayPromoOff(variant: RoomVariant, rate: RateType, promoDiscount = 0): number {
  return stayPromoDiscount(promoDiscount, rateTotal(variant, rate));
}

/**
 * What the guest agrees to (and at the non-refundable rate pays now): the rate's total of the
 * nights, less a promo code's discount, with the extras; never below 0. The server adds the same
 * lines (`priceStayAt`); the summary and the payment step both show this figure.
 */
export function stayTotal(variant: RoomVariant, rate: RateType, extrasSum: number, promoDiscount = 0): number {
  return Math.max(0, rateTotal(variant, rate) - stayPromoOff(variant, rate, promoDiscount) + extrasSum);
}

export const BOOKING_DRAFT_KEY = 'hotelBooking';

export const useBookingDraft = create<BookingDraftState>()(
  persist(
    (set, get) => ({
      ...initial,
      setFilter: (filter) => set({ filterParams: filter }),
      selectVariant: (filter, variant, rate = 'flexible') => {
        const count = Math.min(Math.max(1, filter.guests), capacityOf(variant));
        set({
          filterParams: filter,
          selectedVariant: variant,
          rate: variant.non_refundable ? rate : 'flexible',
          numberOfGuests: count,
          guestsData: resizeGuests(get().guestsData, count - 1),
          bookingDetails: null,
          // Another room offers other extras.
          extras: get().selectedVariant?.room.id === variant.room.id ? get().extras : [],
        });
      },
      repriceVariant: ({ total, price_per_night, price_breakdown, subtotal }) => {
        const variant = get().selectedVariant;
        if (!variant) return;
        const breakdown = price_breakdown ?? variant.price_breakdown;
        const nonRefundable = variant.non_refundable;
        if (get().rate === 'non_refundable' && nonRefundable) {
          const nights = subtotal ?? variant.total;
          set({
            selectedVariant: { ...variant, total: nights, price_per_night, price_breakdown: breakdown, non_refundable: { ...nonRefundable, total, discount: nights - total } },
          });
          return;
        }
        set({ selectedVariant: { ...variant, total, price_per_night, price_breakdown: breakdown } });
      },
      setNumberOfGuests: (count) => {
        // At the room's capacity adding another guest is blocked (HOT-24).
        const next = Math.min(Math.max(1, count), capacityOf(get().selectedVariant));
        set({ numberOfGuests: next, guestsData: resizeGuests(get().guestsData, next - 1) });
      },
      updateGuest: (index, guest) =>
        set({ guestsData: get().guestsData.map((current, i) => (i === index ? guest : current)) }),
      setBookingDetails: (details) => set({ bookingDetails: details }),
      setSpecialRequests: (text) => {
        const details = get().bookingDetails;
        if (details) set({ bookingDetails: { ...details, specialRequests: text } });
      },
      setPaymentMethod: (id) => set({ paymentMethodId: id }),
      setExtra: (id, quantity) => {
        const others = get().extras.filter((extra) => extra.id !== id);
        set({ extras: quantity > 0 ? [...others, { id, quantity }] : others });
      },
      clear: () => set({ ...initial }),
    }),
    {
      name: BOOKING_DRAFT_KEY,
      storage: createJSONStorage(() => sessionStorage),
      // 2: the booking details name the stay arrival and departure, as everywhere, and no longer copy the guests and the total.
      version: 2,
      // Drafts kept before extras existed have none: the initial [] stays.
      partialize: ({ filterParams, selectedVariant, numberOfGuests, guestsData, bookingDetails, paymentMethodId, rate, extras }) => ({
        filterParams,
        selectedVariant,
        numberOfGuests,
        guestsData,
        bookingDetails,
        paymentMethodId,
        rate,
        extras,
      }),
    },
  ),
);

// A sign-out (or any 401) resets the hotel state with the rest of the user's data (spec 4).
onSignedOut(() => useBookingDraft.getState().clear());

/** Everyone staying: the companions plus the booking user (HOT-22, HOT-29). */
export const staying = (guests: GuestSlot[]) => guestCount(guests.length);
