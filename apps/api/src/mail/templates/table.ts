/**
 * Letters about a table at the restaurant, in the guest's language: the request received, the
 * table confirmed, moved to a new time, or cancelled. The .ics of the table is attached by the caller.
 */
import { formatPhone, venue, type Language } from '@hotel/domain';
import { textsIn } from '../../i18n';
import { renderLetter, type MailContent } from './layout';

export type TableMailKind = 'requested' | 'confirmed' | 'moved' | 'cancelled';

export interface TableMailData {
  id: number;
  name: string;
  date: string;
  time: string;
  ends: string;
  party: number;
  wishes: string;
  /** The account's reservations page, for a signed-in guest's table. */
  accountUrl: string | null;
}

function longDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(textsIn(language)('dateLocale'), { day: 'numeric', month: 'long', year: 'numeric', weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export function tableMail(kind: TableMailKind, data: TableMailData, language: Language): MailContent {
  const t = textsIn(language);
  return renderLetter({
    language,
    subject: t(`table.subject.${kind}`, { id: data.id }),
    heading: t(`table.heading.${kind}`),
    lead: [
      t(`table.lead.${kind}`),
      t('table.when', { date: longDate(data.date, language), time: data.time, ends: data.ends }),
      t('table.party', { count: data.party }),
      t('table.name', { name: data.name }),
      ...(data.wishes && kind !== 'cancelled' ? [t('table.wishes', { wishes: data.wishes })] : []),
    ],
    after: [t('table.calendar'), t('table.contacts', { phone: formatPhone(venue.phones.restaurant) })],
    ...(data.accountUrl ? { link: { label: t('table.account'), url: data.accountUrl } } : {}),
  });
}
