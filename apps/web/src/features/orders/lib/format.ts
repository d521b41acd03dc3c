import { format, parseISO } from 'date-fns';
import { enGB, ru } from 'date-fns/locale';
import type { Language } from '@hotel/domain';

/** "24 нояб. 2026, 14:05" / "24 Nov 2026, 14:05", in the visitor's time. */
export function formatOrderMoment(iso: string, language: Language): string {
  return format(parseISO(iso), 'd MMM yyyy, HH:mm', { locale: language === 'ru' ? ru : enGB });
}

export function formatTime(iso: string): string {
  return format(parseISO(iso), 'HH:mm');
}
