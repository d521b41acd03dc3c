/**
 * Guests' reviews (issue 25, point 2; schemas/reviews.ts holds their inputs and answers): the
 * states a review goes through, its limits, and its refusals in both languages.
 */
import type { Language } from '../constants';

/** New reviews wait for staff (`pending`); staff show them (`approved`) or keep them off the site (`hidden`). */
export const REVIEW_STATES = ['pending', 'approved', 'hidden'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STARS_MIN = 1;
export const REVIEW_STARS_MAX = 5;
/** The longest review text and the longest answer, in characters. */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_ANSWER_MAX = 2000;
/** The public pages show this many newest approved reviews (the rating counts all of them). */
export const REVIEWS_SHOWN = 20;
/** The letter asking for a review goes only for stays and orders that ended within these days. */
export const REVIEW_ASK_WITHIN_DAYS = 14;
/** Staff's list shows this many reviews at most, newest first. */
export const ADMIN_REVIEWS_MAX = 200;

/**
 * Why a review is refused, in both languages: the API answers in the language the request names
 * (the review's own, or the visitor's), and the form shows the same words.
 */
export const REVIEW_MESSAGES = {
  'account:reviews.validation.stars': { ru: 'Поставьте оценку от 1 до 5 звёзд', en: 'Give 1 to 5 stars' },
  'account:reviews.validation.textRequired': { ru: 'Напишите несколько слов', en: 'Write a few words' },
  'account:reviews.validation.textTooLong': {
    ru: `Не длиннее ${REVIEW_TEXT_MAX} символов`,
    en: `At most ${REVIEW_TEXT_MAX} characters`,
  },
  'account:reviews.validation.answerTooLong': {
    ru: `Не длиннее ${REVIEW_ANSWER_MAX} символов`,
    en: `At most ${REVIEW_ANSWER_MAX} characters`,
  },
  'account:reviews.validation.nothingToChange': { ru: 'Нечего менять', en: 'Nothing to change' },
  'account:reviews.refused.notFound': {
    ru: 'Такого проживания или заказа в вашем кабинете нет',
    en: 'There is no such stay or order in your account',
  },
  'account:reviews.refused.notFinished': {
    ru: 'Отзыв можно оставить, когда проживание закончится или заказ будет доставлен',
    en: 'A review can be written once the stay is over or the order is delivered',
  },
  'account:reviews.refused.already': {
    ru: 'Вы уже оставили отзыв об этом',
    en: 'You have already reviewed this',
  },
  'account:reviews.refused.reviewNotFound': { ru: 'Отзыв не найден', en: 'Review not found' },
} as const satisfies Record<string, Record<Language, string>>;
export type ReviewMessageKey = keyof typeof REVIEW_MESSAGES;

/** A review message in `language`; any other text is returned as it is. */
export function reviewMessage(key: string, language: Language): string {
  return key in REVIEW_MESSAGES ? REVIEW_MESSAGES[key as ReviewMessageKey][language] : key;
}
