import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { PaymentMethod } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { Button, Modal, Skeleton, toast } from '../../../shared/ui';
import { useDeleteCard } from '../api/delete-card';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useSetPrimaryCard } from '../api/set-primary-card';
import { useStartCard } from '../api/start-card';
import { useCardReturn } from '../hooks/use-card-return';
import styles from './card-list.module.css';
import { paths } from '../../../shared/paths';

/** /account/payments: the saved cards, add, delete, make primary (ACC-42..48, ERR-30). */
export function CardList() {
  const { t } = useTranslation(['account', 'common']);
  const cards = usePaymentMethods();
  const start = useStartCard(paths.account.payments);
  const remove = useDeleteCard();
  const primary = useSetPrimaryCard();
  const { checking } = useCardReturn();
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);

  const failure = (key: string, error: unknown) => {
    const detail = error instanceof ApiError && error.status < 500 ? error.detail : undefined;
    toast.error(detail ? `${t(key)}: ${detail}` : t(key));
  };

  const addButton = (
    <Button
      onClick={() => start.mutate(undefined, { onError: (error) => failure('account:payments.addError', error) })}
      loading={start.isPending}
      disabled={start.isSuccess || checking}
      data-testid="add-card"
    >
      <span aria-hidden="true">+</span> {start.isSuccess ? t('account:payments.adding') : t('account:payments.add')}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.payment_method_id, {
      onSuccess: () => {
        toast.success(t('account:payments.deleted'));
        setDeleting(null);
      },
      onError: (error) => {
        failure('account:payments.deleteError', error);
        setDeleting(null);
      },
    });
  };

  let content;
  if (cards.isPending) {
    content = (
      <div className={styles.list} aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={120} radius="lg" />
        ))}
      </div>
    );
  } else if (cards.isError) {
    content = (
      <p className={styles.error} role="alert">
        {t('account:loadError', { detail: cards.error.message })}
      </p>
    );
  } else if (cards.data.length === 0) {
    content = (
      <div className={styles.empty} data-testid="cards-empty">
        <CardGlyph />
        <h2 className={styles.emptyTitle}>{t('account:payments.empty')}</h2>
        <p className={styles.muted}>{t('account:payments.emptyHint')}</p>
        {addButton}
      </div>
    );
  } else {
    content = (
      <>
        <ul className={styles.list}>
          {cards.data.map((card) => {
            const name = t('account:payments.card', { brand: card.brand.toUpperCase(), last4: card.card_last4 });
            return (
              <li key={card.payment_method_id} className={styles.card} data-testid="saved-card" data-primary={card.primary || undefined}>
                <div className={styles.face}>
                  <span className={styles.brand}>{card.brand.toUpperCase()}</span>
                  <span className={styles.number}>•••• {card.card_last4}</span>
                  <span className={styles.expiry}>
                    {t('account:payments.expires', { month: String(card.exp_month).padStart(2, '0'), year: String(card.exp_year).slice(-2) })}
                  </span>
                </div>
                <div className={styles.side}>
                  {card.primary && <span className={styles.badge}>{t('account:payments.primary')}</span>}
                  <div className={styles.actions}>
                    {!card.primary && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={primary.isPending}
                        aria-label={`${t('account:payments.makePrimary')}: ${name}`}
                        onClick={() =>
                          primary.mutate(card.payment_method_id, {
                            onSuccess: () => toast.success(t('account:payments.primaryDone')),
                            onError: (error) => failure('account:payments.primaryError', error),
                          })
                        }
                      >
                        {t('account:payments.makePrimary')}
                      </Button>
                    )}
                    <Button size="sm" variant="clearly" className={styles.delete} onClick={() => setDeleting(card)} aria-label={`${t('account:payments.delete')}: ${name}`}>
                      {t('account:payments.delete')}
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
        <div>{addButton}</div>
      </>
    );
  }

  return (
    <>
      {checking && (
        <p className={styles.checking} role="status">
          {t('account:payments.checking')}
        </p>
      )}
      {content}
      <p className={styles.secure}>{t('account:payments.secure')}</p>
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        size="small"
        title={t('account:payments.deleteTitle')}
        description={deleting ? t('account:payments.deleteText', { last4: deleting.card_last4 }) : undefined}
        footer={
          <div className={styles.confirm}>
            <Button variant="clearly" onClick={() => setDeleting(null)}>
              {t('common:button.cancel')}
            </Button>
            <Button onClick={confirmDelete} loading={remove.isPending} className={styles.danger} data-testid="confirm-delete-card">
              {t('account:payments.delete')}
            </Button>
          </div>
        }
      />
    </>
  );
}

function CardGlyph() {
  return (
    <svg className={styles.glyph} viewBox="0 0 48 36" aria-hidden="true" focusable="false">
      <rect x="2" y="3" width="44" height="30" rx="5" />
      <path d="M2 12h44M9 24h10" />
    </svg>
  );
}
