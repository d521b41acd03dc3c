/** How a booking site's calendar last went, as the room dialog and the reservations board say it. */
import { useTranslation } from '../i18n';
import type { CalendarFeedErrorCode } from '@hotel/domain';

interface FeedOutcome {
  error_code: CalendarFeedErrorCode | null;
  last_error: string;
}

/** Whether the feed's last import failed (the holds of its last good import stay meanwhile). */
export const feedFailed = (feed: FeedOutcome) => feed.error_code !== null || feed.last_error.trim() !== '';

/** Why a feed's last import failed, in the staff member's language; the server's English for a code this page does not know. */
export function useFeedErrorText() {
  const { t } = useTranslation('admin');
  return (feed: FeedOutcome): string => {
    switch (feed.error_code) {
      case 'http_status': {
        const status = /HTTP (\d{3})/.exec(feed.last_error)?.[1];
        return status ? t('admin:calendar.errors.http_status', { status }) : t('admin:calendar.errors.http_status_unknown');
      }
      case 'timeout':
      case 'unreachable':
      case 'too_large':
      case 'not_calendar':
      case 'too_many_events':
        return t(`admin:calendar.errors.${feed.error_code}`);
      default:
        return feed.last_error;
    }
  };
}
