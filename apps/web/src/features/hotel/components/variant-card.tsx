import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { maxGuests, type RateType, type Room, type RoomVariant } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { RoomCover } from '../../../shared/media/room-cover';
import { ServerKept } from '../../../shared/ssr/server-slot';
import { Button, PriceBreakdown } from '../../../shared/ui';
import { formatMoney } from '../../../shared/format/money';
import { stayRuleText } from '../lib/stay-rule-text';
import choice from '../../../shared/ui/choice/choice.module.css';
import styles from './variant-card.module.css';

interface VariantCardProps {
  variant: RoomVariant;
  onBook: (variant: RoomVariant, rate: RateType) => void;
  /** The first card: its picture is the first screen's largest thing (LCP), fetched at once. */
  priority?: boolean;
}

/**
 * A room free for the stay, with its prices, the nights' breakdown where their prices differ, and
 * the Book action (HOT-15, HOT-17); a room whose stay rule the stay breaks says why instead of
 * offering to book (issue 23). Where the owner offers it, the guest chooses the rate: flexible, or
 * non-refundable at its discount, paid in full at booking (issue 23.3).
 */
export function VariantCard({ variant, onBook, priority }: VariantCardProps) {
  const { t } = useTranslation(['hotel', 'common', 'rates']);
  const { language } = useLanguage();
  const { room } = variant;
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const headingId = `variant-${room.id}`;
  const ruleId = `variant-${room.id}-rule`;
  const rule = variant.stay_rule;
  // Nights priced by date (issue 23): the room's own prices would mislead, the nights say it.
  const ownNightly = variant.extra_places > 0 && variant.extra_price !== null ? variant.extra_price : variant.price;
  const byDate = variant.price_breakdown.some((run) => run.price_per_night !== ownNightly);
  const [rate, setRate] = useState<RateType>('flexible');
  // Named after the room, not by useId: the server draws the cards apart from their page (shared/ssr/server-slot.tsx).
  const rateName = `variant-${room.id}-rate`;
  const nonRefundable = variant.non_refundable;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="variant-card">
      {/* The first card's picture is fetched first (the page's largest paint): its markup differs, so it is kept apart. */}
      <ServerKept id={`room ${room.id} ${room.images[0]?.src ?? ''}${priority ? ' first' : ''}`}>
        <VariantRoom room={room} headingId={headingId} priority={priority} />
      </ServerKept>
      <div className={styles.aside}>
        <dl className={styles.prices}>
          {!byDate && (
            <>
              <div>
                <dt>{t('hotel:variant.price')}</dt>
                <dd data-testid="variant-price">{money(variant.price)}</dd>
              </div>
              {variant.extra_price !== null && (
                <div>
                  <dt>{t('hotel:variant.extraPrice')}</dt>
                  <dd data-testid="variant-extra-price">{money(variant.extra_price)}</dd>
                </div>
              )}
            </>
          )}
          <div className={styles.total}>
            <dt>{t('hotel:variant.total', { nights: t('hotel:nights', { count: variant.nights }) })}</dt>
            <dd data-testid="variant-total">{money(variant.total)}</dd>
          </div>
        </dl>
        <PriceBreakdown runs={variant.price_breakdown} always={byDate} />
        {variant.extra_places > 0 && <p className={styles.note}>{t('hotel:variant.extraApplies', { count: variant.extra_places })}</p>}
        {nonRefundable && !rule && (
          <fieldset className={styles.rates} data-testid="variant-rates">
            <legend className={styles.ratesLegend}>{t('rates:rate.legend')}</legend>
            <label className={choice.choice}>
              <input type="radio" name={rateName} value="flexible" checked={rate === 'flexible'} onChange={() => setRate('flexible')} />
              <span className={styles.rateText}>
                <span className={styles.rateHead}>
                  <span>{t('rates:rate.flexible')}</span>
                  <strong>{money(variant.total)}</strong>
                </span>
                <span className={styles.rateNote}>{t('rates:rate.flexibleNote')}</span>
              </span>
            </label>
            <label className={choice.choice}>
              <input type="radio" name={rateName} value="non_refundable" checked={rate === 'non_refundable'} onChange={() => setRate('non_refundable')} />
              <span className={styles.rateText}>
                <span className={styles.rateHead}>
                  <span>
                    {t('rates:rate.nonRefundable')} <span className={styles.rateOff}>{t('rates:rate.nonRefundableOff', { percent: nonRefundable.discount_percent })}</span>
                  </span>
                  <strong data-testid="variant-non-refundable-total">{money(nonRefundable.total)}</strong>
                </span>
                <span className={styles.rateNote}>{t('rates:rate.nonRefundableNote')}</span>
              </span>
            </label>
          </fieldset>
        )}
        {rule ? (
          <p id={ruleId} className={styles.rule} role="note" data-testid="variant-stay-rule">
            <strong>{stayRuleText(t, rule, language)}</strong>
            <span>{t('hotel:stayRule.hint')}</span>
          </p>
        ) : (
          <Button fullWidth onClick={() => onBook(variant, nonRefundable ? rate : 'flexible')} aria-describedby={headingId}>
            {t('hotel:variant.book')}
          </Button>
        )}
      </div>
    </article>
  );
}

/** The room as the rooms' data has it, the same for every stay (the server keeps its markup per room: `ServerKept`). */
function VariantRoom({ room, headingId, priority }: { room: Room; headingId: string; priority?: boolean }) {
  const { t } = useTranslation('hotel');
  const { language } = useLanguage();
  const capacity = maxGuests({ primaryCapacity: room.primary_capacity, extraCapacity: room.extra_capacity });
  return (
    <>
      <RoomCover image={room.images[0]} sizes="(max-width: 767px) 100vw, 420px" className={styles.media} priority={priority} />
      <div className={styles.body}>
        <h3 id={headingId} className={styles.name}>
          {room.name[language]}
        </h3>
        <p className={styles.facts}>
          {t('hotel:size', { size: room.room_size })} · {t('hotel:guestsUpTo', { count: capacity })}
          {room.extra_capacity > 0 && <> · {t('hotel:variant.extraBeds', { count: room.extra_capacity })}</>}
        </p>
        <p className={styles.description}>{room.description[language]}</p>
        {room.conveniences.length > 0 && (
          <ul className={styles.amenities} aria-label={t('hotel:variant.amenities')}>
            {room.conveniences.slice(0, 5).map((c) => (
              <li key={c.id}>{c.description[language]}</li>
            ))}
            {room.conveniences.length > 5 && <li>+{room.conveniences.length - 5}</li>}
          </ul>
        )}
      </div>
    </>
  );
}
