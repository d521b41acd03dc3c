import { PROMO_MESSAGES } from './schemas/promo';
import { REVIEW_MESSAGES } from './schemas/reviews';
import { FOLIO_MESSAGES } from './schemas/folio';
import { NOTICE_MESSAGES } from './schemas/notices';
import { STAY_MESSAGES } from './rules/stay-life';

/**
 * English texts of the validation keys the schemas use, for the server's 422 answers. The web
 * shows the same keys through its translation files, in the visitor's language.
 */
export const validationMessages: Record<string, string> = {
  'common:validation.required': 'Required',
  'common:validation.invalid': 'Invalid input',
  'common:validation.invalidEmail': 'Invalid email',
  'common:validation.oneLine': 'Must be one line, without line breaks',
  'auth:login.invalidEmail': 'Invalid email',
  'auth:registration.nameMin': 'Name must be at least 2 characters',
  'auth:registration.passwordMin': 'Password must be at least 12 characters',
  'auth:registration.passwordWeak': 'Password must contain a lower-case letter, an upper-case letter and a digit',
  'auth:registration.passwordMismatch': 'Passwords do not match',
  'auth:activation.codeLength': 'The code must be 6 digits',
  'auth:activation.codeDigits': 'The code must contain digits only',
  'auth:createPassword.passwordMin': 'Password must be at least 12 characters',
  'auth:createPassword.passwordWeak': 'Password must contain a lower-case letter, an upper-case letter and a digit',
  'auth:createPassword.passwordMismatch': 'Passwords do not match',
  'account:password.min': 'Password must be at least 12 characters',
  'account:password.weak': 'Password must contain a lower-case letter, an upper-case letter and a digit',
  'account:password.mismatch': 'Passwords do not match',
  'account:profile.nicknameMin': 'Nickname must be at least 2 characters',
  'account:profile.firstNameMin': 'First name must be at least 2 characters',
  'account:profile.lastNameMin': 'Last name must be at least 2 characters',
  'account:profile.phoneMin': 'Phone must be at least 10 characters',
  'account:address.wholeNumber': 'Must be a whole number greater than 0',
  'hotel:roomsFilter.checkInRequired': 'Check-in date is required',
  'hotel:roomsFilter.checkOutRequired': 'Check-out date is required',
  'hotel:roomsFilter.guestsRequired': 'Number of guests is required',
  'hotel:roomsFilter.guestsMin': 'At least 1 guest',
  'hotel:roomsFilter.guestsMax': 'Too many guests',
  'hotel:roomsFilter.checkInPast': 'Check-in cannot be in the past',
  'hotel:roomsFilter.checkOutBeforeCheckIn': 'Check-out must be after check-in',
  'hotel:roomsFilter.checkInTooFar': 'Check-in can be at most a year ahead',
  'hotel:roomsFilter.stayTooLong': 'A stay can be at most 30 nights',
  'admin:validation.priceNumber': 'Price must be a number',
  'admin:validation.priceWhole': 'Price must be a whole number of kopecks',
  'admin:validation.priceTooHigh': 'Price is too high',
  'admin:validation.percentWhole': 'The discount must be a whole number of percent',
  'admin:validation.percentRange': 'The discount must be from 0 to 50 percent',
  'admin:validation.minPrice': 'Price must be at least 0',
  'admin:validation.priceGreaterThanZero': 'Price must be greater than 0',
  'admin:validation.nothingToChange': 'Nothing to change',
  'admin:validation.tooLong': 'Text is too long',
  'admin:validation.optionsEmpty': 'A group needs at least one option',
  'admin:validation.optionsTooMany': 'A group may have at most 12 options',
  'admin:validation.optionGroupsTooMany': 'A dish may have at most 5 option groups',
  'order-board:validation.leadMinutes': 'From 10 to 240 minutes',
  'order-board:validation.slotCapacity': 'From 1 to 100 orders',
  'restaurant-board:validation.covers': 'From 1 to 500 covers',
  'order-board:validation.amount': 'A whole number of kopecks, 0 or more',
  'order-board:validation.deliveryFee': 'The delivery fee: a whole number of kopecks from 0 to 50000 (500 BYN)',
  'admin:calendar.validation.url': "Enter the calendar's address: http://, https:// or webcal://",
  'reservations-board:validation.tooShort': 'The board shows at least 14 days',
  'reservations-board:validation.tooLong': 'The board shows at most 35 days',
  'reservations-board:validation.outOfRange': 'The board reaches back two years and ahead one year at most',
  'reservations-board:validation.blockTooLong': 'A block can be at most 365 nights',
  'order-board:validation.status': 'Unknown order status',
  'order-board:validation.reason': 'Say why the order is cancelled',
  'order-board:validation.reasonTooLong': 'At most 300 characters',
  'admin:payments.validation.fromAfterTo': 'The first day comes after the last',
  'admin:payments.validation.tooLong': 'At most 92 days at once',
  'admin:payments.validation.noteTooLong': 'At most 500 characters',
  'admin:reports.validation.fromAfterTo': 'The period ends before it starts',
  'admin:reports.validation.tooLong': 'A report spans at most 3 years',
  'restaurant:tables.validation.dateRequired': 'Choose a date',
  'restaurant:tables.validation.timeRequired': 'Choose a time',
  'restaurant:tables.validation.hours': 'Tables are booked from 12:00 to 21:00 in 15-minute steps',
  'restaurant:tables.validation.past': 'That time has already passed',
  'restaurant:tables.validation.tooFar': 'Tables are booked at most 60 days ahead',
  'restaurant:tables.validation.partyMin': 'At least 1 guest',
  'restaurant:tables.validation.partyMax': 'Up to 12 guests: for more, ask about a banquet',
  'restaurant:tables.validation.nameRequired': 'Give a name of at least 2 letters',
  'restaurant:tables.validation.phone': 'Give a phone number',
  'restaurant:tables.validation.tooLong': 'Text is too long',
  'restaurant:tables.validation.emailRequired': 'Give an e-mail address for the letter',
  // Reviews' messages are written in both languages beside their schema.
  ...Object.fromEntries(Object.entries(REVIEW_MESSAGES).map(([key, text]) => [key, text.en])),
  ...Object.fromEntries(Object.entries(PROMO_MESSAGES).map(([key, text]) => [key, text.en])),
  ...Object.fromEntries(Object.entries(FOLIO_MESSAGES).map(([key, text]) => [key, text.en])),
  ...Object.fromEntries(Object.entries(NOTICE_MESSAGES).map(([key, text]) => [key, text.en])),
  ...Object.fromEntries(Object.entries(STAY_MESSAGES).map(([key, text]) => [key, text.en])),
  'admin:rates.validation.past': 'The first night cannot be in the past',
  'admin:rates.validation.endBeforeStart': 'The last night comes before the first',
  'admin:rates.validation.beyondHorizon': 'Rules reach at most a year and a stay ahead',
  'admin:rates.validation.noWeekday': 'Choose at least one weekday',
  'admin:rates.validation.minNights': 'A minimum stay is 1 to 30 nights',
  'admin:rates.validation.noRule': 'Set a minimum stay, or close the days to arrival or departure',
  'admin:rates.validation.monthOutOfRange': 'The calendar reaches back a year and ahead to the booking horizon',
  'admin:extras.validation.noRooms': 'Choose at least one room, or offer it in every room',
  'extras:validation.quantityRange': 'The quantity of an extra is from 1 to 10',
  'extras:validation.duplicate': 'An extra is listed twice',
};

/** A translation key (a namespace, a colon, a dotted path) rather than a sentence. */
export const isMessageKey = (text: string) => /^[a-z][a-z-]*:[A-Za-z0-9_.]+$/.test(text);

/** The English sentence of a schema's message; a key without one is never sent as it is. */
export function englishMessage(keyOrText: string): string {
  return validationMessages[keyOrText] ?? (isMessageKey(keyOrText) ? 'Invalid input' : keyOrText);
}
