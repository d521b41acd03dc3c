import type { TFunction } from '../../../shared/i18n';
import { ACCOUNT_NOT_ACTIVE_DETAIL, NO_ROOM_FITS_DETAIL, NO_ROOMS_DETAIL, PARTIAL_AVAILABILITY_DETAIL, ROOM_TAKEN_DETAIL, validationMessages } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';

/**
 * The translation key of a room-search or booking failure, found by the server's detail text
 * (ERR-21..23); anything else is "An unexpected error occurred".
 */
export function searchErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.detail) {
      case NO_ROOMS_DETAIL:
        return 'hotel:errors.noRooms';
      case PARTIAL_AVAILABILITY_DETAIL:
        return 'hotel:errors.notAllAvailable';
      case NO_ROOM_FITS_DETAIL:
        return 'hotel:errors.totalPrice';
      case ROOM_TAKEN_DETAIL:
        return 'hotel:errors.roomTaken';
      case ACCOUNT_NOT_ACTIVE_DETAIL:
        return 'hotel:errors.notActive';
    }
  }
  return 'hotel:errors.unexpected';
}

/**
 * A search the server refused with a message of its own (422, e.g. a stay longer than the hotel
 * takes): that message, in the guest's language when it is one of the domain's validation messages
 * (the server writes them in English after the field's name), else the server's detail as it is.
 */
export function refusalText(error: unknown, t: TFunction): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.detail) return undefined;
  const message = error.detail.replace(/^[\w.]+: /, '');
  const key = Object.keys(validationMessages).find((candidate) => validationMessages[candidate] === message);
  return key ? t(key) : error.detail;
}

/** "Nothing fits" answers: the results screen shows its empty state for them (ERR-34). */
export function isNothingFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
