/** /terms: the house rules and conditions as an accordion (PUB-12, PUB-13, CON-02..04). */
import * as Accordion from '@radix-ui/react-accordion';
import { useTranslation, type TFunction } from '../shared/i18n';
import {
  bynFromKopecks,
  CHECK_IN_TIME,
  CHECK_OUT_TIME,
  DELIVERY_PROMISE_MINUTES,
  FREE_CANCELLATION_HOURS,
  QUIET_HOURS,
} from '@hotel/domain';
import { useDeliveryFee } from '../features/cart/api/get-ordering';
import { HydrateLater } from '../shared/hydration/hydrate-later';
import { PageIntro } from './page-intro';
import { PageMeta } from '../shared/seo/page-meta';
import styles from './terms.module.css';
import { paths } from '../shared/paths';

/** The rules, in the order the accordion shows them, with the house's figures filled in. */
function termItems(t: TFunction, deliveryFee: number): { key: string; lines: string[] }[] {
  return [
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
        t('terms.items.delivery.fee', { fee: bynFromKopecks(deliveryFee) }),
      ],
    },
  ];
}

export function Component() {
  const { t } = useTranslation('pages');
  const deliveryFee = useDeliveryFee();

  return (
    <>
      <PageMeta title={t('terms.meta.title')} description={t('terms.meta.description')} path={paths.terms} />
      <HydrateLater>
        {() => (
          <PageIntro
            id="terms-title"
            title={t('terms.title')}
            lead={t('terms.lead')}
          />
        )}
      </HydrateLater>
      <HydrateLater>
        {() => (
          <div className={`container ${styles.wrap}`}>
            <Accordion.Root type="multiple" defaultValue={['stay']} className={styles.accordion} data-testid="terms-accordion">
              {termItems(t, deliveryFee).map(({ key, lines }, index) => (
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
        )}
      </HydrateLater>
    </>
  );
}
