import { useTranslation } from 'react-i18next';
import { HOTEL_TIME_ZONE, type OrderingState } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import styles from './cart.module.css';

const openingFormats = new Map<string, Intl.DateTimeFormat>();

/** "today at 11:00" or "tomorrow at 11:00" on the hotel's clock, where the kitchen cooks. */
function opening(at: string, language: string): { day: 'today' | 'tomorrow'; time: string } {
  const key = language;
  if (!openingFormats.has(key)) {
    openingFormats.set(key, new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { timeZone: HOTEL_TIME_ZONE, hour: '2-digit', minute: '2-digit' }));
  }
  const date = new Date(at);
  const dayOf = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: HOTEL_TIME_ZONE });
  return { day: dayOf(date) === dayOf(new Date()) ? 'today' : 'tomorrow', time: openingFormats.get(key)!.format(date) };
}

/** The kitchen takes no orders now (DEL-32): outside its hours, or closed by staff for the day, and when ordering opens. */
export function OrderingClosed({ state }: { state: OrderingState }) {
  const { t } = useTranslation('restaurant');
  const { language } = useLanguage();
  const opens = state.opens_at ? opening(state.opens_at, language) : null;
  return (
    <div className={styles.banner} role="alert" data-testid="ordering-closed">
      <p>{t(state.reason === 'closed_today' ? 'restaurant:ordering.closedToday' : 'restaurant:ordering.hours', { opens: state.hours.opens, closes: state.hours.closes })}</p>
      {opens ? <p>{t(opens.day === 'today' ? 'restaurant:ordering.opensToday' : 'restaurant:ordering.opensTomorrow', { time: opens.time })}</p> : null}
    </div>
  );
}
