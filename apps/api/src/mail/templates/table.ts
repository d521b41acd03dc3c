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

/**
 * To an address not yet confirmed: the table's day, time and party (chosen from fixed lists) and
 * the link, but nothing the booker typed, so a stranger cannot send their own words from the
 * hotel's address (docs/decisions/048-table-confirmation.md).
 */
export function tableConfirmAddressMail(data: Pick<TableMailData, 'date' | 'time' | 'ends' | 'party'> & { confirmUrl: string; holdMinutes: number }, language: Language): MailContent {
  const t = textsIn(language);
  return renderLetter({
    language,
    subject: t('table.confirmAddress.subject'),
    heading: t('table.confirmAddress.heading'),
    lead: [
      t('table.confirmAddress.lead'),
      t('table.when', { date: longDate(data.date, language), time: data.time, ends: data.ends }),
      t('table.party', { count: data.party }),
    ],
    link: { label: t('table.confirmAddress.button'), url: data.confirmUrl },
    after: [t('table.confirmAddress.hold', { minutes: data.holdMinutes }), t('table.confirmAddress.notYou')],
  });
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
