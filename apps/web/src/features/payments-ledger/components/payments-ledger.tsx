import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { addDays, hotelToday, MONEY_KINDS, MONEY_NOTE_MAX, MONEY_STATUSES, moneyResolveSchema, type Language, type MoneyEntry, type MoneyResolve } from '@hotel/domain';
import { ApiError, serverDetail } from '../../../shared/api/client';
import { formatMoment, formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Modal, Select, Spinner, TextArea, toast } from '../../../shared/ui';
import { downloadMoneyCsv, useMoneyPage, useResolveMoney, useRetryMoney, type MoneyAction, type MoneyFilter } from '../api/payments';
import styles from '../../../shared/admin/admin.module.css';
import ledger from './payments-ledger.module.css';

const actionOf = (entry: MoneyEntry): MoneyAction =>
  entry.kind === 'refund' ? { kind: 'refund', id: Number(entry.id.replace('refund-', '')) } : { kind: 'fee', id: entry.id };

/** The ledger's moments on the hotel's clock, short for the dense table. */
const momentOf = (iso: string, language: Language) => formatMoment(iso, language, { style: 'short' });

function What({ entry }: { entry: MoneyEntry }) {
  const { t } = useTranslation('admin');
  const target = entry.order_id
    ? t('admin:payments.order', { id: entry.order_id })
    : entry.reservation_id
      ? t('admin:payments.booking', { id: entry.reservation_id })
      : null;
  return (
    <>
      <span className={ledger.kind}>{t(`admin:payments.kinds.${entry.kind}`)}</span>
      {target && ` · ${target}`}
    </>
  );
}

function StatusBadge({ entry }: { entry: MoneyEntry }) {
  const { t } = useTranslation('admin');
  // Paid to the courier (decision 059): owed at the door until the courier records it.
  const atDoor = entry.provider === 'door' && entry.status === 'pending';
  const label = atDoor ? t('admin:payments.unpaidAtDoor') : entry.awaiting_guest ? t('admin:payments.awaitingGuest') : t(`admin:payments.statuses.${entry.status}`);
  return (
    <span className={ledger.status} data-status={atDoor ? 'door' : entry.status} data-testid="payment-status">
      {label}
    </span>
  );
}

/** Failed refunds and unpaid fees: try again, or settle outside with a note. */
function Attention({ entries, onResolve }: { entries: MoneyEntry[]; onResolve: (entry: MoneyEntry) => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const retry = useRetryMoney();
  if (entries.length === 0) return null;
  const tryAgain = (entry: MoneyEntry) =>
    retry.mutate(actionOf(entry), {
      onSuccess: (after) => {
        if (after.status === 'succeeded') toast.success(t('admin:payments.retried'));
        // An ERIP refund is taken as pending and completes within days.
        else if (entry.kind === 'refund' && after.status === 'pending') toast.success(t('admin:payments.retryPending'));
        else toast.error(t('admin:payments.retryFailed'));
      },
      onError: (error) => toast.error(error instanceof ApiError && error.status === 409 ? (serverDetail(error) ?? t('admin:payments.failed')) : t('admin:payments.failed')),
    });
  return (
    <section className={ledger.attention} aria-labelledby="payments-attention" data-testid="payments-attention">
      <h2 id="payments-attention" className={ledger.sectionTitle}>
        {t('admin:payments.attentionTitle', { count: entries.length })}
      </h2>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.row} data-testid="attention-entry">
            <div className={styles.rowMain}>
              <span className={styles.rowTitle}>
                <What entry={entry} /> · {formatMoney(entry.amount, language, t('common:currency'))}
              </span>
              <span className={styles.rowSub}>
                {momentOf(entry.at, language)} · {entry.guest.name || entry.guest.email}
                {entry.method === 'erip' ? ` · ${t('admin:payments.eripBill', { bill: entry.erip_bill ?? '' })}` : entry.card && ` · ${entry.card.brand.toUpperCase()} •••• ${entry.card.last4}`}
              </span>
              <span className={styles.rowSub}>
                <StatusBadge entry={entry} />
                {entry.failure_reason && ` ${entry.failure_reason}`}
                {entry.attempts !== null && ` · ${t('admin:payments.attempts', { count: entry.attempts })}`}
              </span>
            </div>
            <div className={styles.rowActions}>
              {!entry.awaiting_guest && (
                <Button size="sm" variant="outline" onClick={() => tryAgain(entry)} loading={retry.isPending && retry.variables?.id === actionOf(entry).id}>
                  {entry.kind === 'refund' ? t('admin:payments.retryRefund') : t('admin:payments.retryFee')}
                </Button>
              )}
              <Button size="sm" variant="clearly" onClick={() => onResolve(entry)}>
                {t('admin:payments.resolve')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ResolveDialog({ entry, open, onClose }: { entry: MoneyEntry | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const resolve = useResolveMoney();
  const formId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async ({ note }: MoneyResolve, form: FormMethods<typeof moneyResolveSchema>) => {
    if (!entry) return;
    setRefusal(null);
    try {
      await resolve.mutateAsync({ action: actionOf(entry), note });
      toast.success(t('admin:payments.resolved'));
      form.reset();
      onClose();
    } catch (failure) {
      setRefusal(serverDetail(failure) ?? t('admin:payments.failed'));
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('admin:payments.resolveTitle')}
      description={t('admin:payments.resolveLead')}
      size="small"
      footer={
        <div className={ledger.dialogActions}>
          <Button variant="clearly" onClick={onClose}>
            {t('admin:confirm.back')}
          </Button>
          <Button type="submit" form={formId} loading={resolve.isPending} data-testid="resolve-confirm">
            {t('admin:payments.resolve')}
          </Button>
        </div>
      }
    >
      <Form id={formId} schema={moneyResolveSchema} options={{ defaultValues: { note: '' } }} onSubmit={submit}>
        {(form, error) => (
          <TextArea
            label={t('admin:payments.note')}
            hint={t('admin:payments.noteHint')}
            maxLength={MONEY_NOTE_MAX}
            error={error('note') ?? refusal ?? undefined}
            {...form.register('note', { onChange: () => setRefusal(null) })}
          />
        )}
      </Form>
    </Modal>
  );
}

/** /admin/payments: what needs a person on top, then the filters, totals per day and every entry. */
/** How the money moved: a card (which one), an ERIP bill (its number), or to the courier (cash or terminal); the desk's and the bill's lines say nothing here. */
function MethodOf({ entry }: { entry: MoneyEntry }) {
  const { t } = useTranslation('admin');
  if (entry.method === 'erip') {
    return (
      <>
        {t('payments.methods.erip')}
        <span className={ledger.muted}>{t('payments.eripBill', { bill: entry.erip_bill ?? '' })}</span>
      </>
    );
  }
  if (entry.provider === 'door') return <>{t('payments.door', { method: t(`payments.doorMethods.${entry.door_method ?? 'cash'}`) })}</>;
  if (entry.card) return <>{`${entry.card.brand.toUpperCase()} •••• ${entry.card.last4}`}</>;
  return <>{entry.method === 'card' ? t('payments.methods.card') : '—'}</>;
}

export function PaymentsLedger() {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const today = hotelToday();
  const [filter, setFilter] = useState<MoneyFilter>({ from: addDays(today, -6), to: today });
  const [resolving, setResolving] = useState<{ entry: MoneyEntry | null; open: boolean }>({ entry: null, open: false });
  const [downloading, setDownloading] = useState(false);
  const money = useMoneyPage(filter);
  const byn = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMoneyCsv(filter);
    } catch (error) {
      toast.error(serverDetail(error) ?? t('admin:payments.failed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      {money.data && <Attention entries={money.data.attention} onResolve={(entry) => setResolving({ entry, open: true })} />}
      <form className={ledger.filters} onSubmit={(event) => event.preventDefault()} aria-label={t('admin:payments.filters')}>
        <Input type="date" label={t('admin:payments.from')} value={filter.from} max={filter.to} onChange={(e) => e.target.value && setFilter({ ...filter, from: e.target.value })} />
        <Input type="date" label={t('admin:payments.to')} value={filter.to} min={filter.from} onChange={(e) => e.target.value && setFilter({ ...filter, to: e.target.value })} />
        <Select
          label={t('admin:payments.status')}
          value={filter.status ?? ''}
          onChange={(e) => setFilter({ ...filter, status: (e.target.value || undefined) as MoneyFilter['status'] })}
          options={[{ value: '', label: t('admin:payments.all') }, ...MONEY_STATUSES.map((value) => ({ value, label: t(`admin:payments.statuses.${value}`) }))]}
        />
        <Select
          label={t('admin:payments.kind')}
          value={filter.kind ?? ''}
          onChange={(e) => setFilter({ ...filter, kind: (e.target.value || undefined) as MoneyFilter['kind'] })}
          options={[{ value: '', label: t('admin:payments.all') }, ...MONEY_KINDS.map((value) => ({ value, label: t(`admin:payments.kinds.${value}`) }))]}
        />
        <Button type="button" variant="outline" onClick={() => void download()} loading={downloading} data-testid="payments-csv">
          {t('admin:payments.csv')}
        </Button>
      </form>

      {money.isPending ? (
        <Spinner />
      ) : money.isError ? (
        <p className={styles.error}>{serverDetail(money.error) ?? t('admin:loadError')}</p>
      ) : (
        <>
          {money.data.totals.length > 0 && (
            // A phone narrower than the four columns scrolls this box, never the page.
            <div className={ledger.totalsBox} role="region" aria-labelledby="payments-totals-title" tabIndex={0}>
              <table className={ledger.totals} data-testid="payments-totals">
                <caption id="payments-totals-title" className={ledger.sectionTitle}>
                  {t('admin:payments.totalsTitle')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin:payments.day')}</th>
                    <th scope="col">{t('admin:payments.charged')}</th>
                    <th scope="col">{t('admin:payments.refunded')}</th>
                    <th scope="col">{t('admin:payments.net')}</th>
                  </tr>
                </thead>
                <tbody>
                  {money.data.totals.map((line) => (
                    <tr key={line.day}>
                      <th scope="row">{formatStayDate(line.day, language)}</th>
                      <td>{byn(line.charged)}</td>
                      <td>{byn(line.refunded)}</td>
                      <td>{byn(line.net)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {money.data.entries.length === 0 ? (
            <p className={styles.empty}>{t('admin:payments.empty')}</p>
          ) : (
            <table className={ledger.entries} data-testid="payments-entries">
              <caption className={ledger.sectionTitle}>{t('admin:payments.entriesTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin:payments.time')}</th>
                  <th scope="col">{t('admin:payments.what')}</th>
                  <th scope="col">{t('admin:payments.guest')}</th>
                  <th scope="col">{t('admin:payments.method')}</th>
                  <th scope="col">{t('admin:payments.amount')}</th>
                  <th scope="col">{t('admin:payments.reference')}</th>
                  <th scope="col">{t('admin:payments.status')}</th>
                </tr>
              </thead>
              <tbody>
                {money.data.entries.map((entry) => (
                  <tr key={entry.id} data-testid="payment-entry">
                    <td data-label={t('admin:payments.time')}>
                      <div className={ledger.cell}>{momentOf(entry.at, language)}</div>
                    </td>
                    <td data-label={t('admin:payments.what')}>
                      <div className={ledger.cell}>
                        <What entry={entry} />
                      </div>
                    </td>
                    <td data-label={t('admin:payments.guest')} className={ledger.wrap}>
                      <div className={ledger.cell}>
                        {entry.guest.name || entry.guest.email}
                        {entry.guest.name && <span className={ledger.muted}>{entry.guest.email}</span>}
                      </div>
                    </td>
                    <td data-label={t('admin:payments.method')} className={ledger.nowrap} data-testid="payment-method">
                      <div className={ledger.cell}>
                        <MethodOf entry={entry} />
                      </div>
                    </td>
                    <td data-label={t('admin:payments.amount')} className={ledger.amount} data-kind={entry.kind}>
                      <div className={ledger.cell}>
                        {entry.kind === 'refund' ? '−' : ''}
                        {byn(entry.amount)}
                      </div>
                    </td>
                    <td data-label={t('admin:payments.reference')} className={ledger.wrap}>
                      <div className={ledger.cell}>
                        {entry.provider === 'door' ? (
                          <span data-testid="payment-door">{t('admin:payments.door', { method: t(`admin:payments.doorMethods.${entry.door_method ?? 'cash'}`) })}</span>
                        ) : (
                          <>
                            <span className={ledger.muted}>{entry.provider}</span>
                            <code className={ledger.reference} data-testid="payment-reference">
                              {entry.provider_ref ?? '—'}
                            </code>
                          </>
                        )}
                      </div>
                    </td>
                    <td data-label={t('admin:payments.status')}>
                      <div className={ledger.cell}>
                        <StatusBadge entry={entry} />
                        {entry.failure_reason && <span className={ledger.muted}>{entry.failure_reason}</span>}
                        {entry.resolution_note && <span className={ledger.muted}>{entry.resolution_note}</span>}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <ResolveDialog entry={resolving.entry} open={resolving.open} onClose={() => setResolving((state) => ({ ...state, open: false }))} />
    </>
  );
}
