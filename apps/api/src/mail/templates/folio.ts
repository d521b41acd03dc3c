/** The letters of a stay's bill (docs/decisions/055-folio.md): the invoice at check-out, the online check-in's reminder. */
import { formatByn, venue, type FolioDocument, type Language } from '@hotel/domain';
import { textsIn } from '../../i18n';
import { renderLetter, type MailContent } from './layout';

const byn = (kopecks: number, language: Language) => `${formatByn(kopecks, language)} ${language === 'ru' ? 'руб.' : 'BYN'}`;

/** The bill or paid invoice: every line and payment, the total with its VAT, and the printable page in the account. */
export function invoiceLetter(language: Language, document: FolioDocument, url: string | null): MailContent {
  const t = textsIn(language);
  const { folio, hotel } = document;
  return renderLetter({
    language,
    subject: `${t(`folio.subject.${document.kind}`, { number: document.number })} — ${venue.name[language]}`,
    heading: t(`folio.heading.${document.kind}`, { number: document.number }),
    lead: [
      t('folio.stay', { room: folio.room[language], arrival: folio.arrival, departure: folio.departure }),
      ...folio.lines.map((line) => `${line.description[language]} — ${byn(line.amount, language)}`),
      t('folio.total', { amount: byn(folio.totals.charges, language), vat: byn(folio.totals.vat, language), percent: folio.totals.vat_percent }),
      ...folio.payments.map((payment) => `${t(`folio.method.${payment.method}`)} — ${byn(payment.amount, language)}`),
      t('folio.balance', { amount: byn(Math.max(0, folio.totals.balance), language) }),
    ],
    after: [[hotel.legal_name[language], hotel.tax_number ? t('folio.taxNumber', { number: hotel.tax_number }) : '', hotel.legal_address[language]].filter(Boolean).join(', ')],
    ...(url ? { link: { label: t('folio.link'), url } } : {}),
  });
}

/** Two days before arrival: fill the registration card online, and say when you arrive. */
export function checkInReminderLetter(language: Language, stay: { id: number; name: string | null; room: string; arrival: string }, url: string | null): MailContent {
  const t = textsIn(language);
  return renderLetter({
    language,
    subject: `${t('checkIn.subject')} — ${venue.name[language]}`,
    heading: stay.name ? t('checkIn.heading.named', { name: stay.name }) : t('checkIn.heading.anonymous'),
    lead: [t('checkIn.lead', { room: stay.room, arrival: stay.arrival }), t('checkIn.why')],
    ...(url ? { link: { label: t('checkIn.link'), url } } : {}),
  });
}
