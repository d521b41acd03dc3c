import type { TFunction } from '../../../shared/i18n';
import type { Language, StayRuleBreach } from '@hotel/domain';
import { formatStayDate, formatWeekdayLong } from '../../../shared/format/dates';

/** Why a room is not bookable for the stay, in the visitor's language: "Minimum 2 nights from Saturday, 5 Jun 2027". */
export function stayRuleText(t: TFunction, breach: StayRuleBreach, language: Language): string {
  const date = formatStayDate(breach.date, language);
  const weekday = formatWeekdayLong(breach.date, language);
  if (breach.rule === 'min_nights') return t('hotel:stayRule.min_nights', { nights: t('hotel:nights', { count: breach.min_nights }), weekday, date });
  return t(`hotel:stayRule.${breach.rule}`, { weekday, date });
}
