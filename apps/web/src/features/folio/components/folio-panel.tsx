/**
 * The bill of a stay on the staff's reservation view (issue 45, point 4): its lines and payments,
 * the balance, posting a charge, taking a payment at the desk or from the saved card, correcting a
 * line (a new line, never an edit), printing and sending the invoice, and whether the guest
 * checked in online.
 */
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { folioChargeCreateSchema, folioPaymentCreateSchema } from '@hotel/domain';
import { kopecksFromText } from '../../../shared/admin/price';
import { Form, firstErrorMessage, requestSchema } from '../../../shared/forms/form';
import { paths } from '../../../shared/paths';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Select, Spinner, toast } from '../../../shared/ui';
import { useCorrectLine, useFolio, usePostCharge, useSendInvoice, useTakePayment } from '../api/folio';
import { folioDetail, folioMessage } from '../lib/detail';
import { amountInputSchema, inputFromKopecks, kopecksFromInput } from '../lib/money-input';
import styles from './folio.module.css';

const newIntent = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

export function FolioPanel({ reservationId }: { reservationId: number }) {
  const { t } = useTranslation(['folio', 'common']);
  const { language } = useLanguage();
  const folio = useFolio(reservationId);
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const correct = useCorrectLine(reservationId);
  const send = useSendInvoice(reservationId);

  if (folio.isPending) {
    return (
      <p role="status">
        <Spinner size="sm" decorative /> {t('folio:loading')}
      </p>
    );
  }
  if (folio.isError) return <p className={styles.error}>{folioDetail(folio.error, language) ?? t('folio:loadError')}</p>;
  const bill = folio.data;
  const { totals } = bill;

  const correctLine = async (lineId: number) => {
    const reason = window.prompt(t('folio:correct.prompt'));
    if (!reason) return;
    try {
      await correct.mutateAsync({ lineId, reason });
      toast.success(t('folio:correct.done'));
    } catch (error) {
      toast.error(folioDetail(error, language) ?? t('folio:error'));
    }
  };

  const sendInvoice = async () => {
    try {
      await send.mutateAsync();
      toast.success(t('folio:invoice.sent'));
    } catch (error) {
      toast.error(folioDetail(error, language) ?? t('folio:error'));
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`folio-${reservationId}`} data-testid="folio">
      <div className={styles.head}>
        <h3 id={`folio-${reservationId}`} className={styles.title}>
          {t('folio:title')}
        </h3>
        <span className={totals.balance > 0 ? styles.due : styles.settled} data-testid="folio-balance">
          {totals.balance > 0 ? t('folio:balance.due', { amount: money(totals.balance) }) : totals.balance < 0 ? t('folio:balance.credit', { amount: money(-totals.balance) }) : t('folio:balance.settled')}
        </span>
      </div>
      <p className={styles.muted} data-testid="folio-check-in">
        {bill.check_in.ready ? t('folio:checkIn.ready', { time: bill.check_in.arrival_time ?? '—' }) : t('folio:checkIn.notYet')}
      </p>

      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('folio:lines.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('folio:lines.what')}</th>
              <th scope="col" className={styles.number}>
                {t('folio:lines.amount')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('folio:lines.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {bill.lines.map((line, index) => (
              <tr key={line.id ?? `derived-${index}`} data-testid="folio-line" data-kind={line.kind}>
                <td>
                  {line.description[language]}
                  {line.quantity !== null && line.unit_price !== null && (
                    <span className={styles.muted}> · {line.quantity} × {money(line.unit_price)}</span>
                  )}
                  {line.posted_by && <span className={styles.muted}> · {line.posted_by}</span>}
                </td>
                <td className={styles.number}>{money(line.amount)}</td>
                <td className={styles.number}>
                  {line.id !== null && line.correctable > 0 && (
                    <Button size="sm" variant="secondary" onClick={() => void correctLine(line.id!)} disabled={correct.isPending}>
                      {t('folio:correct.action')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('folio:totals.charges')}</th>
              <td className={styles.number} data-testid="folio-charges">
                {money(totals.charges)}
              </td>
              <td />
            </tr>
            <tr>
              <th scope="row" className={styles.muted}>
                {t('folio:totals.vat', { percent: totals.vat_percent })}
              </th>
              <td className={`${styles.number} ${styles.muted}`}>{money(totals.vat)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>

      <h4 className={styles.subtitle}>{t('folio:payments.title')}</h4>
      {bill.payments.length === 0 ? (
        <p className={styles.muted}>{t('folio:payments.none')}</p>
      ) : (
        <ul className={styles.payments}>
          {bill.payments.map((payment) => (
            <li key={payment.id} data-testid="folio-payment">
              <span>
                {t(`folio:method.${payment.method}`)}
                {payment.card && ` · ${payment.card}`}
                {payment.reference && ` · ${payment.reference}`}
                {payment.over_balance_reason && <span className={styles.muted}> · {payment.over_balance_reason}</span>}
              </span>
              <span className={styles.number}>{money(payment.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {bill.pending > 0 && <p className={styles.muted}>{t('folio:payments.pending', { amount: money(bill.pending) })}</p>}
      {bill.erip_bills.length > 0 && (
        // ERIP bills the desk issued and the guest has yet to pay: the number staff tell the guest (decision 058).
        <ul className={styles.payments} data-testid="folio-erip-bills">
          {bill.erip_bills.map((erip) => (
            <li key={erip.bill_number}>
              <span>
                {t('folio:erip.bill', { bill: erip.bill_number })}
                {erip.expires_at && <span className={styles.muted}> · {t('folio:erip.until', { at: new Date(erip.expires_at).toLocaleString(language) })}</span>}
              </span>
              <span className={styles.number}>{money(erip.amount)}</span>
            </li>
          ))}
        </ul>
      )}

      {!bill.canceled && <ChargeForm reservationId={reservationId} />}
      <PaymentForm reservationId={reservationId} balance={totals.balance - bill.pending} savedCard={bill.saved_card} />

      <div className={styles.actions}>
        <a className={styles.link} href={`${paths.admin.invoice}?id=${reservationId}`} target="_blank" rel="noreferrer" data-testid="folio-print">
          {t('folio:invoice.print')}
        </a>
        <a className={styles.link} href={`${paths.admin.registrationCard}?id=${reservationId}`} target="_blank" rel="noreferrer">
          {t('folio:registration.print')}
        </a>
        <Button size="sm" variant="secondary" onClick={() => void sendInvoice()} disabled={send.isPending}>
          {t('folio:invoice.send')}
        </Button>
        {bill.invoice_sent_at && <span className={styles.muted}>{t('folio:invoice.sentAt', { at: new Date(bill.invoice_sent_at).toLocaleString(language) })}</span>}
      </div>
    </section>
  );
}

/** A charge as typed (roubles), checked by the route's schema as the kopecks it makes. */
const chargeFormSchema = z
  .object({ kind: folioChargeCreateSchema.shape.kind, amount: amountInputSchema, description: z.string() })
  .pipe(requestSchema(folioChargeCreateSchema, (values: { kind: 'posted' | 'fee' | 'discount'; amount: string; description: string }) => ({ ...values, amount: kopecksFromText(values.amount) })));

type PaymentMethod = z.output<typeof folioPaymentCreateSchema.shape.method>;

/** A payment as typed; the reason goes only when one is given (the server asks for it over the balance). */
const paymentFormSchema = z
  .object({ method: folioPaymentCreateSchema.shape.method, amount: amountInputSchema, reference: z.string(), reason: z.string() })
  .pipe(
    requestSchema(folioPaymentCreateSchema, (values: { method: PaymentMethod; amount: string; reference: string; reason: string }) => ({
      method: values.method,
      amount: kopecksFromText(values.amount),
      reference: values.reference,
      ...(values.reason.trim() ? { reason: values.reason } : {}),
    })),
  );

function ChargeForm({ reservationId }: { reservationId: number }) {
  const { t } = useTranslation(['folio', 'common']);
  const { language } = useLanguage();
  const post = usePostCharge(reservationId);
  const [error, setError] = useState<string | null>(null);

  return (
    <Form
      schema={chargeFormSchema}
      options={{ defaultValues: { kind: 'posted', amount: '', description: '' } }}
      className={styles.form}
      onSubmit={async (charge, form) => {
        try {
          await post.mutateAsync(charge);
          form.reset({ kind: charge.kind, amount: '', description: '' });
          toast.success(t('folio:charge.done'));
        } catch (failure) {
          setError(folioDetail(failure, language) ?? t('folio:error'));
        }
      }}
      // The form says its problem in one place, the first the schema found.
      onInvalid={(errors) => setError(folioMessage(firstErrorMessage(errors), language, t) ?? t('folio:error'))}
      onSubmitCapture={() => setError(null)}
      aria-label={t('folio:charge.title')}
    >
      {(form) => (
        <>
          <h4 className={styles.subtitle}>{t('folio:charge.title')}</h4>
          <div className={styles.fields}>
            <Select
              label={t('folio:charge.kind')}
              options={(['posted', 'fee', 'discount'] as const).map((value) => ({ value, label: t(`folio:kind.${value}`) }))}
              {...form.register('kind')}
            />
            <Input label={t('folio:form.amount')} inputMode="decimal" required {...form.register('amount')} />
            <Input label={t('folio:charge.description')} required maxLength={200} {...form.register('description')} containerClassName={styles.wide} />
          </div>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <Button type="submit" size="sm" disabled={post.isPending}>
            {t('folio:charge.submit')}
          </Button>
        </>
      )}
    </Form>
  );
}

const offeredAmount = (balance: number) => (balance > 0 ? inputFromKopecks(balance) : '');

/** The amount offered follows the balance (a stay extended, a charge posted meanwhile) until staff type their own. */
function FollowBalance({ balance }: { balance: number }) {
  const { getFieldState, setValue } = useFormContext<{ amount: string }>();
  useEffect(() => {
    if (!getFieldState('amount').isDirty) setValue('amount', offeredAmount(balance));
  }, [balance, getFieldState, setValue]);
  return null;
}

function PaymentForm({ reservationId, balance, savedCard }: { reservationId: number; balance: number; savedCard: { brand: string; last4: string } | null }) {
  const { t } = useTranslation(['folio', 'common']);
  const { language } = useLanguage();
  const take = useTakePayment(reservationId);
  const [error, setError] = useState<string | null>(null);
  // One intent per form: a retry of the same charge of the saved card reaches the provider once.
  const [intent, setIntent] = useState(newIntent);

  // An ERIP bill for the balance: the guest pays it from their bank's app (decision 058).
  const methods = ['cash', 'card_terminal', 'bank_transfer', ...(savedCard ? (['saved_card'] as const) : []), 'erip'] as const;
  return (
    <Form
      schema={paymentFormSchema}
      options={{ defaultValues: { method: 'cash', amount: offeredAmount(balance), reference: '', reason: '' } }}
      className={styles.form}
      onSubmit={async (payment, form) => {
        try {
          const folio = await take.mutateAsync({ body: payment, attemptKey: intent });
          setIntent(newIntent());
          form.reset({ method: payment.method, amount: offeredAmount(folio.totals.balance - folio.pending), reference: '', reason: '' });
          toast.success(t('folio:payment.done'));
        } catch (failure) {
          setError(folioDetail(failure, language) ?? t('folio:error'));
        }
      }}
      // The form says its problem in one place, the first the schema found.
      onInvalid={(errors) => setError(folioMessage(firstErrorMessage(errors), language, t) ?? t('folio:error'))}
      onSubmitCapture={() => setError(null)}
      aria-label={t('folio:payment.title')}
    >
      {(form) => {
        const method = form.watch('method');
        const kopecks = kopecksFromInput(form.watch('amount'));
        const over = kopecks !== null && kopecks > Math.max(0, balance);
        return (
          <>
            <FollowBalance balance={balance} />
            <h4 className={styles.subtitle}>{t('folio:payment.title')}</h4>
            <div className={styles.fields}>
              <Select
                label={t('folio:payment.method')}
                options={methods.map((value) => ({
                  value,
                  label: value === 'saved_card' && savedCard ? t('folio:payment.savedCard', { brand: savedCard.brand.toUpperCase(), last4: savedCard.last4 }) : t(`folio:method.${value}`),
                }))}
                {...form.register('method')}
               
              />
              <Input label={t('folio:form.amount')} inputMode="decimal" required {...form.register('amount')} />
              {method !== 'cash' && method !== 'saved_card' && method !== 'erip' && (
                <Input label={t('folio:payment.reference')} maxLength={100} {...form.register('reference')} />
              )}
              {over && (
                <Input
                  label={t('folio:payment.reason')}
                  hint={t('folio:payment.reasonHint')}
                  maxLength={300}
                  {...form.register('reason')}
                 
                  containerClassName={styles.wide}
                />
              )}
            </div>
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
            <Button type="submit" size="sm" disabled={take.isPending}>
              {t('folio:payment.submit')}
            </Button>
          </>
        );
      }}
    </Form>
  );
}
