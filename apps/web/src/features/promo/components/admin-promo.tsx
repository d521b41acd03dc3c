/**
 * /admin/promo (issue 23, point 4; decision 043): staff list the promo codes with their uses,
 * create one, change one, and deactivate or activate it. The form checks with the server's own
 * schema (packages/domain/src/schemas/promo.ts) and says each problem beside its field, in the
 * visitor's language; the server checks again.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { promoCodeInputSchema, PROMO_KINDS, PROMO_SCOPES, type PromoCodeInput, type PromoCodeView } from '@hotel/domain';
import adminStyles from '../../../shared/admin/admin.module.css';
import { ApiError } from '../../../shared/api/client';
import { Form, requestSchema, type FormMethods } from '../../../shared/forms/form';
import { formatStayDate } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Modal, Select, Spinner, toast } from '../../../shared/ui';
import { useAdminPromoCodes, useSavePromoCode } from '../api/promo';
import styles from './admin-promo.module.css';

/** The form's fields as typed: money in roubles, limits and dates possibly empty. */
interface Draft {
  code: string;
  kind: (typeof PROMO_KINDS)[number];
  value: string;
  scope: (typeof PROMO_SCOPES)[number];
  valid_from: string;
  valid_to: string;
  stay_from: string;
  stay_to: string;
  min_amount: string;
  max_uses: string;
  max_uses_per_guest: string;
  active: boolean;
}

const EMPTY: Draft = { code: '', kind: 'percent', value: '', scope: 'both', valid_from: '', valid_to: '', stay_from: '', stay_to: '', min_amount: '', max_uses: '', max_uses_per_guest: '', active: true };

const roubles = (kopecks: number) => (kopecks / 100).toString();
const kopecks = (text: string) => (text.trim() === '' ? 0 : Math.round(Number(text.replace(',', '.')) * 100));
const whole = (text: string) => (text.trim() === '' ? null : Number(text));
const day = (text: string) => (text === '' ? null : text);

function draftOf(code: PromoCodeView): Draft {
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'fixed' ? roubles(code.value) : String(code.value),
    scope: code.scope,
    valid_from: code.valid_from ?? '',
    valid_to: code.valid_to ?? '',
    stay_from: code.stay_from ?? '',
    stay_to: code.stay_to ?? '',
    min_amount: code.min_amount ? roubles(code.min_amount) : '',
    max_uses: code.max_uses === null ? '' : String(code.max_uses),
    max_uses_per_guest: code.max_uses_per_guest === null ? '' : String(code.max_uses_per_guest),
    active: code.active,
  };
}

function bodyOf(draft: Draft): PromoCodeInput {
  return {
    code: draft.code,
    kind: draft.kind,
    value: draft.kind === 'fixed' ? kopecks(draft.value) : Number(draft.value),
    scope: draft.scope,
    valid_from: day(draft.valid_from),
    valid_to: day(draft.valid_to),
    stay_from: day(draft.stay_from),
    stay_to: day(draft.stay_to),
    min_amount: kopecks(draft.min_amount),
    max_uses: whole(draft.max_uses),
    max_uses_per_guest: whole(draft.max_uses_per_guest),
    active: draft.active,
  };
}

const bodyOfView = (code: PromoCodeView, change: Partial<PromoCodeInput> = {}): PromoCodeInput => ({ ...bodyOf(draftOf(code)), ...change });

export function AdminPromo() {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const codes = useAdminPromoCodes();
  const save = useSavePromoCode();
  /** The code being edited, `null` for a new one, undefined when the form is closed. */
  const [editing, setEditing] = useState<PromoCodeView | null | undefined>(undefined);
  const money = (amount: number) => formatMoney(amount, language, t('common:currency'));

  const discountText = (code: PromoCodeView) => (code.kind === 'percent' ? `${code.value} %` : money(code.value));
  const range = (from: string | null, to: string | null) =>
    from && to
      ? t('admin:promo.range', { from: formatStayDate(from, language), to: formatStayDate(to, language) })
      : from
        ? t('admin:promo.from', { date: formatStayDate(from, language) })
        : to
          ? t('admin:promo.until', { date: formatStayDate(to, language) })
          : t('admin:promo.always');

  const toggle = (code: PromoCodeView) =>
    save.mutate(
      { id: code.id, body: bodyOfView(code, { active: !code.active }) },
      { onSuccess: () => toast.success(t('admin:promo.saved')), onError: () => toast.error(t('admin:promo.saveError')) },
    );

  return (
    <div data-testid="admin-promo">
      <div className={adminStyles.toolbar}>
        <Button onClick={() => setEditing(null)} data-testid="promo-create">
          {t('admin:promo.create')}
        </Button>
      </div>
      {codes.isPending ? (
        <Spinner />
      ) : codes.isError ? (
        <p className={adminStyles.error} role="alert">
          {t('admin:promo.loadError')}
        </p>
      ) : codes.data.length === 0 ? (
        <p className={adminStyles.empty}>{t('admin:promo.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {codes.data.map((code) => (
            <li key={code.id} className={`${styles.item} ${code.active ? '' : styles.inactive}`} data-testid="promo-row">
              <div className={styles.head}>
                <strong className={styles.code}>{code.code}</strong>
                <span className={code.active ? adminStyles.badge : adminStyles.badgeWarn}>{code.active ? t('admin:promo.active') : t('admin:promo.inactive')}</span>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('admin:promo.columns.discount')}</dt>
                  <dd>
                    {discountText(code)}
                    {code.min_amount > 0 && ` · ${t('admin:promo.minimum', { amount: money(code.min_amount) })}`}
                  </dd>
                </div>
                <div>
                  <dt>{t('admin:promo.columns.scope')}</dt>
                  <dd>{t(`admin:promo.scopes.${code.scope}`)}</dd>
                </div>
                <div>
                  <dt>{t('admin:promo.columns.valid')}</dt>
                  <dd>
                    {range(code.valid_from, code.valid_to)}
                    {(code.stay_from || code.stay_to) && ` · ${t('admin:promo.stays', { range: range(code.stay_from, code.stay_to) })}`}
                  </dd>
                </div>
                <div>
                  <dt>{t('admin:promo.columns.uses')}</dt>
                  <dd data-testid="promo-uses">
                    {code.max_uses === null ? t('admin:promo.unlimited', { count: code.uses }) : t('admin:promo.limited', { count: code.uses, max: code.max_uses })}
                    {code.max_uses_per_guest !== null && ` · ${t('admin:promo.perGuest', { count: code.max_uses_per_guest })}`}
                  </dd>
                </div>
              </dl>
              <div className={styles.actions}>
                <Button size="sm" variant="outline" onClick={() => setEditing(code)} data-testid="promo-edit">
                  {t('admin:promo.edit')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => toggle(code)} disabled={save.isPending} data-testid="promo-toggle">
                  {code.active ? t('admin:promo.deactivate') : t('admin:promo.activate')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        title={editing ? t('admin:promo.editTitle', { code: editing.code }) : t('admin:promo.createTitle')}
        size="medium"
      >
        {editing !== undefined && <PromoForm key={editing?.id ?? 'new'} code={editing} onDone={() => setEditing(undefined)} />}
      </Modal>
    </div>
  );
}

/** The form's schema: the request built from the fields, checked by the server's own schema. */
const promoFormSchema = requestSchema(promoCodeInputSchema, bodyOf);

function PromoForm({ code, onDone }: { code: PromoCodeView | null; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const save = useSavePromoCode();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (body: PromoCodeInput, form: FormMethods<typeof promoFormSchema>) => {
    setFailure(null);
    save.mutate(
      { id: code?.id ?? null, body },
      {
        onSuccess: () => {
          toast.success(t('admin:promo.saved'));
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) form.setError('code', { message: 'admin:promo.taken' });
          else setFailure(error instanceof ApiError && error.status < 500 ? error.detail : t('admin:promo.saveError'));
        },
      },
    );
  };

  return (
    <Form className={adminStyles.form} schema={promoFormSchema} options={{ defaultValues: code ? draftOf(code) : EMPTY }} onSubmit={submit} data-testid="promo-form-admin">
      {(form, error) => {
        const field = (key: Exclude<keyof Draft, 'active'>) => ({ ...form.register(key), error: error(key), 'data-testid': `promo-field-${key}` });
        return (
          <>
            <Input label={t('admin:promo.fields.code')} hint={t('admin:promo.fields.codeHint')} variant="upper" maxLength={32} autoComplete="off" {...field('code')} />
            <div className={adminStyles.pair}>
              <Select
                label={t('admin:promo.fields.kind')}
                options={PROMO_KINDS.map((kind) => ({ value: kind, label: t(`admin:promo.kinds.${kind}`) }))}
                {...field('kind')}
              />
              <Input
                label={form.watch('kind') === 'percent' ? t('admin:promo.fields.percentValue') : t('admin:promo.fields.fixedValue')}
                inputMode="decimal"
                {...field('value')}
              />
            </div>
            <Select
              label={t('admin:promo.fields.scope')}
              options={PROMO_SCOPES.map((scope) => ({ value: scope, label: t(`admin:promo.scopes.${scope}`) }))}
              {...field('scope')}
            />
            <div className={adminStyles.pair}>
              <Input type="date" label={t('admin:promo.fields.validFrom')} {...field('valid_from')} />
              <Input type="date" label={t('admin:promo.fields.validTo')} {...field('valid_to')} />
            </div>
            <div className={adminStyles.pair}>
              <Input type="date" label={t('admin:promo.fields.stayFrom')} hint={t('admin:promo.fields.stayHint')} {...field('stay_from')} />
              <Input type="date" label={t('admin:promo.fields.stayTo')} {...field('stay_to')} />
            </div>
            <Input label={t('admin:promo.fields.minAmount')} inputMode="decimal" {...field('min_amount')} />
            <div className={adminStyles.pair}>
              <Input label={t('admin:promo.fields.maxUses')} hint={t('admin:promo.fields.limitHint')} inputMode="numeric" {...field('max_uses')} />
              <Input label={t('admin:promo.fields.maxUsesPerGuest')} hint={t('admin:promo.fields.limitHint')} inputMode="numeric" {...field('max_uses_per_guest')} />
            </div>
            <label className={adminStyles.check}>
              <input type="checkbox" {...form.register('active')} data-testid="promo-field-active" />
              {t('admin:promo.fields.active')}
            </label>
            {failure && (
              <p className={adminStyles.error} role="alert">
                {failure}
              </p>
            )}
            <div className={adminStyles.footerRow}>
              <Button type="button" variant="outline" onClick={onDone}>
                {t('admin:promo.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="promo-save">
                {t('admin:promo.save')}
              </Button>
            </div>
          </>
        );
      }}
    </Form>
  );
}
