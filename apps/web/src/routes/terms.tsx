/** /terms: the house rules and conditions as an accordion (PUB-12, PUB-13, CON-02..04). */
import * as Accordion from '@radix-ui/react-accordion';
import { useTranslation } from 'react-i18next';
import {
  bynFromKopecks,
  CHECK_IN_TIME,
  CHECK_OUT_TIME,
  DELIVERY_FEE_KOPECKS,
  DELIVERY_PROMISE_MINUTES,
  FREE_CANCELLATION_HOURS,
  QUIET_HOURS,
} from '@hotel/domain';
import { Ornament } from '../features/site/components/illustrations';
import { PageMeta } from '../shared/seo/page-meta';
import page from './page.module.css';
import styles from './terms.module.css';

export function Component() {
  const { t } = useTranslation('about');
  const items: { key: string; lines: string[] }[] = [
    {
      key: 'stay',
      lines: [
        t('terms.items.stay.checkIn', { time: CHECK_IN_TIME }),
        t('terms.items.stay.checkOut', { time: CHECK_OUT_TIME }),
        t('terms.items.stay.early'),
      ],
    },
    { key: 'quiet', lines: [t('terms.items.quiet.text', { from: QUIET_HOURS.from, to: QUIET_HOURS.to })] },
    {
      key: 'cancellation',
      lines: [t('terms.items.cancellation.free', { hours: FREE_CANCELLATION_HOURS }), t('terms.items.cancellation.late')],
    },
    {
      key: 'payment',
      lines: [t('terms.items.payment.rubles'), t('terms.items.payment.vat'), t('terms.items.payment.bank')],
    },
    { key: 'extra', lines: [t('terms.items.extra.text')] },
    {
      key: 'delivery',
      lines: [
        t('terms.items.delivery.time', { minutes: DELIVERY_PROMISE_MINUTES }),
        t('terms.items.delivery.fee', { fee: bynFromKopecks(DELIVERY_FEE_KOPECKS) }),
      ],
    },
  ];

  return (
    <>
      <PageMeta title={t('terms.meta.title')} description={t('terms.meta.description')} path="/terms" />
      <section className={`container ${page.intro} ${page.introSingle}`} aria-labelledby="terms-title">
        <div>
          <h1 id="terms-title" className={page.title}>
            {t('terms.title')}
          </h1>
          <Ornament className={page.ornament} />
          <p className={page.lead}>{t('terms.lead')}</p>
        </div>
      </section>
      <div className={`container ${styles.wrap}`}>
        <Accordion.Root type="multiple" defaultValue={['stay']} className={styles.accordion} data-testid="terms-accordion">
          {items.map(({ key, lines }, index) => (
            <Accordion.Item key={key} value={key} className={styles.item}>
              <Accordion.Header asChild>
                <h2 className={styles.header}>
                  <Accordion.Trigger className={styles.trigger}>
                    <span className={styles.number} aria-hidden="true">
                      {String(index + 1).padStart(2, '0')}
                    </span>
                    <span className={styles.label}>{t(`terms.items.${key}.title`)}</span>
                    <svg className={styles.chevron} viewBox="0 0 16 16" aria-hidden="true">
                      <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                    </svg>
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              <Accordion.Content className={styles.content}>
                <ul className={styles.lines}>
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </>
  );
}
