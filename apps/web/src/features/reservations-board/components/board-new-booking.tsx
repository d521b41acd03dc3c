/**
 * "New booking" on the reservations board (issue 45, point 2): a guest on the phone, at the desk,
 * by e-mail or from a booking site. Opened from the toolbar or from a free night on a room's line;
 * the total shown is the server's (the site's own pricing), and the booking is sent with it.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { addDays, emailSchema, hotelToday, STAFF_CHANNELS, staffBookingCreateSchema, type AdminExtra, type BoardRoom, type Guarantee, type StaffChannel } from '@hotel/domain';
import { Form, firstErrorMessage, requestSchema, type FormMethods } from '../../../shared/forms/form';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Modal, Select, toast } from '../../../shared/ui';
import { conflictsOf } from '../api/reservations-board';
import { deskIssue, deskRefusal, useDeskExtras, useGuestCards, useStaffBook, useStaffQuote, type QuoteBody } from '../api/front-desk';
import { ConflictMessage } from './board-parts';
import styles from './reservations-board.module.css';

export interface BookingStart {
  roomId: number;
  arrival: string;
}

export function NewBookingDialog({ start, rooms, onClose, onBooked }: { start: BookingStart | null; rooms: BoardRoom[]; onClose: () => void; onBooked: (id: number) => void }) {
  const { t } = useTranslation('reservations-board');
  return (
    <Modal open={start !== null} onOpenChange={(next) => !next && onClose()} title={t('reservations-board:desk.title')} description={t('reservations-board:desk.lead')} size="large">
      {start && <NewBookingForm key={`${start.roomId}-${start.arrival}`} start={start} rooms={rooms} onBooked={onBooked} onCancel={onClose} />}
    </Modal>
  );
}

/** The dialog's fields as staff fill them; the booking schema of the route judges what they make. */
interface BookingFields {
  room_id: number;
  arrival: string;
  departure: string;
  guest_count: number;
  guest_name: string;
  phone: string;
  email: string;
  language: 'ru' | 'en';
  channel: StaffChannel;
  rate: 'flexible' | 'non_refundable';
  promo: string;
  note: string;
  /** Extra id → how many; a room's own extras are offered, and only those go with the booking. */
  quantities: Record<number, number>;
  guarantee: Guarantee;
  /** The saved card chosen; empty: the first one shown. */
  card: string;
  reason: string;
  /** What the dialog shows, kept as it changes: the booking is sent with this total and, unless another is chosen, this card. */
  shown_total: number | undefined;
  shown_card: string;
}

const REQUIRED = 'reservations-board:desk.required';

const offeredExtras = (extras: AdminExtra[], roomId: number) => extras.filter((extra) => extra.active && (extra.room_ids === null || extra.room_ids.includes(roomId)));

function bookingSchema(extras: AdminExtra[]) {
  return z
    .custom<BookingFields>()
    .superRefine((values, ctx) => {
      // Without a name and a phone the desk has nobody to call: said before the booking's own rules.
      if (!values.guest_name.trim()) ctx.addIssue({ code: 'custom', path: ['guest_name'], message: REQUIRED });
      if (!values.phone.trim()) ctx.addIssue({ code: 'custom', path: ['phone'], message: REQUIRED });
    })
    .pipe(
      requestSchema(staffBookingCreateSchema, (values: BookingFields) => ({
        room_id: values.room_id,
        arrival: values.arrival,
        departure: values.departure,
        guest_name: values.guest_name,
        phone: values.phone,
        email: values.email.trim() || undefined,
        language: values.language,
        guest_count: values.guest_count,
        rate: values.rate,
        extras: offeredExtras(extras, values.room_id)
          .filter((extra) => (values.quantities[extra.id] ?? 0) > 0)
          .map((extra) => ({ id: extra.id, quantity: values.quantities[extra.id]! })),
        promo_code: values.promo.trim() || undefined,
        note: values.note,
        channel: values.channel,
        guarantee:
          values.guarantee === 'card'
            ? { kind: 'card' as const, payment_method_id: values.card || values.shown_card }
            : values.guarantee === 'desk'
              ? { kind: 'desk' as const, reason: values.reason }
              : { kind: 'card_link' as const },
        expected_total: values.shown_total,
      })),
    );
}

function NewBookingForm({ start, rooms, onBooked, onCancel }: { start: BookingStart; rooms: BoardRoom[]; onBooked: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation(['reservations-board', 'hotel', 'common']);
  const { language } = useLanguage();
  const [refusal, setRefusal] = useState<{ detail: string; conflicts: ReturnType<typeof conflictsOf> } | null>(null);
  const book = useStaffBook();
  const extras = useDeskExtras().data;
  const schema = useMemo(() => bookingSchema(extras ?? []), [extras]);

  const submit = async (booking: z.output<typeof staffBookingCreateSchema>) => {
    try {
      const made = await book.mutateAsync(booking);
      toast.success(t('reservations-board:desk.booked', { id: made.id }));
      onBooked(made.id);
    } catch (error) {
      setRefusal({ detail: deskRefusal(error, language) ?? t('reservations-board:actionError'), conflicts: conflictsOf(error) });
    }
  };

  return (
    <Form
      schema={schema}
      options={{
        defaultValues: {
          room_id: start.roomId,
          arrival: start.arrival,
          departure: addDays(start.arrival, 1),
          guest_count: 1,
          guest_name: '',
          phone: '',
          email: '',
          language,
          channel: 'phone',
          rate: 'flexible',
          promo: '',
          note: '',
          quantities: {},
          guarantee: 'desk',
          card: '',
          reason: '',
          shown_total: undefined,
          shown_card: '',
        },
      }}
      className={styles.deskForm}
      onSubmit={submit}
      // The dialog says its problem in one place, below the total, as it says the server's.
      onInvalid={(errors) => setRefusal({ detail: deskIssue(firstErrorMessage(errors), language, t), conflicts: [] })}
      onSubmitCapture={() => setRefusal(null)}
      data-testid="new-booking-form"
    >
      {(form) => (
        <BookingFields form={form} rooms={rooms} extras={extras ?? []} refused={refusal !== null}>
          {refusal && <ConflictMessage conflicts={refusal.conflicts} fallback={refusal.detail} />}
          <div className={styles.dialogActions}>
            <Button variant="clearly" onClick={onCancel}>
              {t('common:button.cancel')}
            </Button>
            <Button type="submit" loading={book.isPending} data-testid="desk-submit">
              {t('reservations-board:desk.submit')}
            </Button>
          </div>
        </BookingFields>
      )}
    </Form>
  );
}

function BookingFields({
  form,
  rooms,
  extras: allExtras,
  refused,
  children,
}: {
  form: FormMethods<ReturnType<typeof bookingSchema>>;
  rooms: BoardRoom[];
  extras: AdminExtra[];
  /** A refusal shown below hides the quote's own. */
  refused: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(['reservations-board', 'common']);
  const { language } = useLanguage();
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const [roomId, arrival, departure, guests, email, rate, promo, quantities, guarantee, card] = form.watch([
    'room_id',
    'arrival',
    'departure',
    'guest_count',
    'email',
    'rate',
    'promo',
    'quantities',
    'guarantee',
    'card',
  ]);

  const validEmail = emailSchema.safeParse(email);
  const cards = useGuestCards(validEmail.success && email.trim() ? validEmail.data : null);
  const savedCards = cards.data?.cards ?? [];
  const extras = offeredExtras(allExtras, roomId);
  const chosenExtras = extras.filter((extra) => (quantities[extra.id] ?? 0) > 0).map((extra) => ({ id: extra.id, quantity: quantities[extra.id]! }));
  const datesOk = arrival >= hotelToday() && departure > arrival;
  const quoteBody: QuoteBody | null = datesOk
    ? { room_id: roomId, arrival, departure, guest_count: guests, rate, extras: chosenExtras, promo_code: promo.trim() || undefined, email: validEmail.success && email.trim() ? validEmail.data : undefined }
    : null;
  const quote = useStaffQuote(quoteBody);
  const room = rooms.find((r) => r.id === roomId);
  const total = quote.data?.total;
  const firstCard = savedCards[0]?.payment_method_id ?? '';
  useEffect(() => {
    form.setValue('shown_total', total);
    form.setValue('shown_card', firstCard);
  }, [form, total, firstCard]);

  return (
    <>
      <div className={styles.deskGrid}>
        <Select label={t('reservations-board:desk.room')} options={rooms.map((r) => ({ value: String(r.id), label: r.name[language] }))} {...form.register('room_id', { valueAsNumber: true })} />
        <Input type="date" label={t('reservations-board:desk.arrival')} min={hotelToday()} required {...form.register('arrival')} />
        <Input type="date" label={t('reservations-board:desk.departure')} min={addDays(arrival, 1)} required {...form.register('departure')} />
        <Input
          type="number"
          label={t('reservations-board:desk.guests')}
          value={String(guests)}
          min={1}
          max={room ? room.primary_capacity + room.extra_capacity : 20}
          onChange={(event) => form.setValue('guest_count', Math.max(1, Number(event.target.value) || 1))}
        />
        <Input label={t('reservations-board:desk.guestName')} autoComplete="off" required {...form.register('guest_name')} data-testid="desk-guest-name" />
        <Input type="tel" label={t('reservations-board:desk.phone')} autoComplete="off" required {...form.register('phone')} data-testid="desk-phone" />
        <Input type="email" label={t('reservations-board:desk.email')} autoComplete="off" {...form.register('email')} />
        <Select
          label={t('reservations-board:desk.language')}
          options={(['ru', 'en'] as const).map((value) => ({ value, label: t(`reservations-board:desk.languages.${value}`) }))}
          {...form.register('language')}
        />
        <Select
          label={t('reservations-board:desk.channel')}
          options={STAFF_CHANNELS.map((value) => ({ value, label: t(`reservations-board:desk.channels.${value}`) }))}
          {...form.register('channel')}
          data-testid="desk-channel"
        />
        <Select
          label={t('reservations-board:desk.rate')}
          options={(['flexible', 'non_refundable'] as const).map((value) => ({ value, label: t(`reservations-board:desk.rates.${value}`) }))}
          {...form.register('rate')}
        />
        <Input label={t('reservations-board:desk.promo')} autoComplete="off" {...form.register('promo')} />
        <Input label={t('reservations-board:desk.note')} {...form.register('note')} />
      </div>

      {extras.length > 0 && (
        <fieldset className={styles.deskFieldset}>
          <legend>{t('reservations-board:desk.extras')}</legend>
          <div className={styles.deskGrid}>
            {extras.map((extra) => (
              <Input
                key={extra.id}
                type="number"
                min={0}
                max={20}
                label={`${extra.name[language] || extra.name.ru} · ${money(extra.price)}`}
                aria-label={t('reservations-board:desk.quantity', { name: extra.name[language] || extra.name.ru })}
                value={String(quantities[extra.id] ?? 0)}
                onChange={(event) => form.setValue('quantities', { ...quantities, [extra.id]: Math.max(0, Number(event.target.value) || 0) })}
              />
            ))}
          </div>
        </fieldset>
      )}

      <fieldset className={styles.deskFieldset}>
        <legend>{t('reservations-board:desk.guarantee')}</legend>
        {(['card', 'card_link', 'desk'] as const).map((kind) => (
          <label key={kind} className={styles.deskRadio}>
            <input type="radio" value={kind} {...form.register('guarantee')} />
            {t(`reservations-board:desk.guarantees.${kind}`)}
          </label>
        ))}
        {guarantee === 'card' &&
          (savedCards.length > 0 ? (
            <Select
              label={t('reservations-board:desk.card')}
              value={card || savedCards[0]!.payment_method_id}
              onChange={(event) => form.setValue('card', event.target.value)}
              options={savedCards.map((c) => ({ value: c.payment_method_id, label: `${c.brand.toUpperCase()} •••• ${c.card_last4}` }))}
            />
          ) : (
            <p className={styles.muted}>{t('reservations-board:desk.noCards')}</p>
          ))}
        {guarantee === 'desk' && <Input label={t('reservations-board:desk.reason')} {...form.register('reason')} data-testid="desk-reason" />}
      </fieldset>

      <p className={styles.deskTotal} aria-live="polite" data-testid="desk-total">
        {t('reservations-board:desk.total')}:{' '}
        {quote.data ? <strong>{money(quote.data.total)}</strong> : quote.isFetching ? t('reservations-board:desk.totalLoading') : '—'}
      </p>
      {quote.isError && !refused && <p className={styles.conflict}>{deskRefusal(quote.error, language) ?? t('reservations-board:actionError')}</p>}
      {children}
    </>
  );
}
