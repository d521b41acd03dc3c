import { useTranslation } from '../../../shared/i18n';
import { hotelToday, type Language, type OrderingState } from '@hotel/domain';
import { formatHotelClock } from '../../../shared/format/dates';
import { useLanguage } from '../../../shared/hooks/use-language';
import styles from './cart.module.css';

/** "today at 11:00" or "tomorrow at 11:00" on the hotel's clock, where the kitchen cooks. */
function opening(at: string, language: Language): { day: 'today' | 'tomorrow'; time: string } {
  return { day: hotelToday(new Date(at)) === hotelToday() ? 'today' : 'tomorrow', time: formatHotelClock(at, language) };
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
