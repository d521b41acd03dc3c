/**
 * The bill or paid invoice of a stay as a clean A4 page (issue 45, point 5): the hotel's legal
 * details, the guest and the stay, every line, the payments, the total with the VAT it includes,
 * in the guest's language; the browser prints it (print CSS drops everything but the page).
 */
import { useTranslation } from '../../../shared/i18n';
import { formatByn, type FolioDocument, type Language, type RegistrationCard } from '@hotel/domain';
import { formatStayDate } from '../../../shared/format/dates';
import { Button, Spinner } from '../../../shared/ui';
import { useFolioDocument, useRegistrationCard } from '../api/folio';
import { folioDetail } from '../lib/detail';
import styles from './folio-document.module.css';

const amount = (kopecks: number, language: Language) => `${formatByn(kopecks, language)}\u00a0${language === 'ru' ? 'руб.' : 'BYN'}`;

function PrintBar({ language }: { language: Language }) {
  const { t } = useTranslation('folio', { lng: language });
  return (
    <div className={styles.printBar}>
      <Button onClick={() => window.print()} data-testid="print">
        {t('document.print')}
      </Button>
    </div>
  );
}

function Loading({ error, pending }: { error: unknown; pending: boolean }) {
  const { t, i18n } = useTranslation('folio');
  if (pending) {
    return (
      <p role="status" className={styles.status}>
        <Spinner size="sm" decorative /> {t('loading')}
      </p>
    );
  }
  return <p className={styles.status}>{folioDetail(error, i18n.language === 'en' ? 'en' : 'ru') ?? t('loadError')}</p>;
}

function Hotel({ hotel, language }: { hotel: FolioDocument['hotel']; language: Language }) {
  const { t } = useTranslation('folio', { lng: language });
  return (
    <div className={styles.hotel}>
      <strong>{hotel.legal_name[language]}</strong>
      <span>{hotel.legal_address[language]}</span>
      <span>
        {t('document.taxNumber')}: {hotel.tax_number || '—'}
      </span>
      <span>
        {t('document.bankAccount')}: {hotel.bank_account || '—'}
        {hotel.bank_name && `, ${hotel.bank_name}`}
      </span>
    </div>
  );
}

export function FolioDocumentPage({ reservationId, side }: { reservationId: number; side: 'staff' | 'guest' }) {
  const document = useFolioDocument(reservationId, side);
  if (!document.data) return <Loading error={document.error} pending={document.isPending} />;
  return <FolioDocumentView document={document.data} />;
}

function FolioDocumentView({ document }: { document: FolioDocument }) {
  const { folio } = document;
  const language = folio.guest.language;
  const { t } = useTranslation('folio', { lng: language });
  const date = (iso: string) => formatStayDate(iso, language);
  return (
    <>
      <PrintBar language={language} />
      <article className={styles.sheet} lang={language} data-testid="folio-document">
        <header className={styles.header}>
          <Hotel hotel={document.hotel} language={language} />
          <div className={styles.titleBlock}>
            <h1 className={styles.title}>{t(`document.kind.${document.kind}`, { number: document.number })}</h1>
            <span>{t('document.issued', { date: date(document.issued_on) })}</span>
          </div>
        </header>
        <dl className={styles.facts}>
          <dt>{t('document.guest')}</dt>
          <dd>{folio.guest.name}</dd>
          <dt>{t('document.room')}</dt>
          <dd>{folio.room[language]}</dd>
          <dt>{t('document.stay')}</dt>
          <dd>
            {date(folio.arrival)} — {date(folio.departure)} ({t('document.nights', { count: folio.nights })})
          </dd>
        </dl>
        <table className={styles.lines}>
          <thead>
            <tr>
              <th scope="col">{t('lines.what')}</th>
              <th scope="col" className={styles.number}>
                {t('document.quantity')}
              </th>
              <th scope="col" className={styles.number}>
                {t('document.price')}
              </th>
              <th scope="col" className={styles.number}>
                {t('lines.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {folio.lines.map((line, index) => (
              <tr key={line.id ?? `derived-${index}`}>
                <td>{line.description[language]}</td>
                <td className={styles.number}>{line.quantity ?? 1}</td>
                <td className={styles.number}>{line.unit_price !== null ? amount(line.unit_price, language) : ''}</td>
                <td className={styles.number}>{amount(line.amount, language)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('totals.charges')}
              </th>
              <td className={styles.number} data-testid="document-total">
                {amount(folio.totals.charges, language)}
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className={styles.muted}>
                {t('totals.vat', { percent: folio.totals.vat_percent })}
              </th>
              <td className={`${styles.number} ${styles.muted}`}>{amount(folio.totals.vat, language)}</td>
            </tr>
            {folio.payments.map((payment) => (
              <tr key={payment.id}>
                <th scope="row" colSpan={3} className={styles.payment}>
                  {t(`method.${payment.method}`)} · {date(payment.at.slice(0, 10))}
                  {payment.reference && ` · ${payment.reference}`}
                </th>
                <td className={styles.number}>−{amount(payment.amount, language)}</td>
              </tr>
            ))}
            <tr className={styles.balance}>
              <th scope="row" colSpan={3}>
                {t('document.balance')}
              </th>
              <td className={styles.number} data-testid="document-balance">
                {amount(Math.max(0, folio.totals.balance), language)}
              </td>
            </tr>
          </tfoot>
        </table>
        {document.kind === 'invoice' && <p className={styles.paid}>{t('document.paidInFull')}</p>}
        <p className={styles.muted}>{t('document.vatNote', { percent: folio.totals.vat_percent })}</p>
      </article>
    </>
  );
}

/** The registration card for the guest to sign at arrival: the stay, the people, the document as filled online or blank lines to fill by hand. */
export function RegistrationCardPage({ reservationId }: { reservationId: number }) {
  const card = useRegistrationCard(reservationId);
  if (!card.data) return <Loading error={card.error} pending={card.isPending} />;
  return <RegistrationCardView card={card.data} />;
}

function RegistrationCardView({ card }: { card: RegistrationCard }) {
  const language = card.guest.language;
  const { t } = useTranslation('folio', { lng: language });
  const date = (iso: string) => formatStayDate(iso, language);
  const { registration } = card;
  const field = (label: string, value: string | null) => (
    <>
      <dt>{label}</dt>
      <dd className={value ? undefined : styles.blank}>{value ?? '\u00a0'}</dd>
    </>
  );
  return (
    <>
      <PrintBar language={language} />
      <article className={styles.sheet} lang={language} data-testid="registration-card">
        <header className={styles.header}>
          <Hotel hotel={card.hotel} language={language} />
          <div className={styles.titleBlock}>
            <h1 className={styles.title}>{t('registration.title')}</h1>
            <span>{t('registration.booking', { id: card.reservation_id })}</span>
          </div>
        </header>
        <dl className={styles.facts}>
          {field(t('registration.lastName'), registration.last_name)}
          {field(t('registration.firstName'), registration.first_name ?? (registration.last_name ? null : card.guest.name))}
          {field(t('registration.birthDate'), registration.birth_date ? date(registration.birth_date) : null)}
          {field(t('registration.citizenship'), registration.citizenship)}
          {field(t('registration.document'), registration.document_number)}
          {field(t('document.room'), card.room[language])}
          {field(t('registration.arrival'), `${date(card.arrival)}${registration.arrival_time ? `, ${registration.arrival_time}` : ''}`)}
          {field(t('registration.departure'), date(card.departure))}
          {field(t('registration.guests'), String(card.guest_count))}
          {card.companions.length > 0 && field(t('registration.companions'), card.companions.join(', '))}
          {field(t('registration.contact'), [card.guest.phone, card.guest.email].filter(Boolean).join(', '))}
        </dl>
        <p className={styles.muted}>{t('registration.consent')}</p>
        <div className={styles.signature}>
          <span>{t('registration.signature')}</span>
          <span>{t('registration.date')}</span>
        </div>
      </article>
    </>
  );
}
