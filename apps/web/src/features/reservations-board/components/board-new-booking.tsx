/**
 * "New booking" on the reservations board (issue 45, point 2): a guest on the phone, at the desk,
 * by e-mail or from a booking site. Opened from the toolbar or from a free night on a room's line;
 * the total shown is the server's (the site's own pricing), and the booking is sent with it.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, emailSchema, hotelToday, STAFF_CHANNELS, type BoardRoom, type Guarantee, type StaffChannel } from '@hotel/domain';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Modal, Select, toast } from '../../../shared/ui';
import { conflictsOf } from '../api/reservations-board';
import { deskRefusal, useDeskExtras, useGuestCards, useStaffBook, useStaffQuote, type QuoteBody } from '../api/front-desk';
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

function NewBookingForm({ start, rooms, onBooked, onCancel }: { start: BookingStart; rooms: BoardRoom[]; onBooked: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation(['reservations-board', 'common']);
  const { language } = useLanguage();
  const [roomId, setRoomId] = useState(start.roomId);
  const [arrival, setArrival] = useState(start.arrival);
  const [departure, setDeparture] = useState(addDays(start.arrival, 1));
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [letterLanguage, setLetterLanguage] = useState<'ru' | 'en'>(language);
  const [guests, setGuests] = useState(1);
  const [rate, setRate] = useState<'flexible' | 'non_refundable'>('flexible');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [promo, setPromo] = useState('');
  const [note, setNote] = useState('');
  const [channel, setChannel] = useState<StaffChannel>('phone');
  const [guarantee, setGuarantee] = useState<Guarantee>('desk');
  const [card, setCard] = useState('');
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<{ detail: string; conflicts: ReturnType<typeof conflictsOf> } | null>(null);
  const book = useStaffBook();
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));

  const validEmail = emailSchema.safeParse(email);
  const cards = useGuestCards(validEmail.success && email.trim() ? validEmail.data : null);
  const savedCards = cards.data?.cards ?? [];
  const extras = (useDeskExtras().data ?? []).filter((extra) => extra.active && (extra.room_ids === null || extra.room_ids.includes(roomId)));
  const chosenExtras = extras.filter((extra) => (quantities[extra.id] ?? 0) > 0).map((extra) => ({ id: extra.id, quantity: quantities[extra.id]! }));
  const datesOk = arrival >= hotelToday() && departure > arrival;
  const quoteBody: QuoteBody | null = datesOk
    ? { room_id: roomId, arrival, departure, guest_count: guests, rate, extras: chosenExtras, promo_code: promo.trim() || undefined, email: validEmail.success && email.trim() ? validEmail.data : undefined }
    : null;
  const quote = useStaffQuote(quoteBody);
  const room = rooms.find((r) => r.id === roomId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!name.trim() || !phone.trim() || !datesOk) {
      setRefusal({ detail: t('reservations-board:desk.required'), conflicts: [] });
      return;
    }
    const chosenCard = card || savedCards[0]?.payment_method_id;
    const body = {
      room_id: roomId,
      arrival,
      departure,
      guest_name: name,
      phone,
      email: email.trim() || undefined,
      language: letterLanguage,
      guest_count: guests,
      rate,
      extras: chosenExtras,
      promo_code: promo.trim() || undefined,
      note,
      channel,
      guarantee: guarantee === 'card' ? { kind: 'card', payment_method_id: chosenCard ?? '' } : guarantee === 'desk' ? { kind: 'desk', reason } : { kind: 'card_link' },
      expected_total: quote.data?.total,
    };
    try {
      const made = await book.mutateAsync(body);
      toast.success(t('reservations-board:desk.booked', { id: made.id }));
      onBooked(made.id);
    } catch (error) {
      setRefusal({ detail: deskRefusal(error, language) ?? t('reservations-board:actionError'), conflicts: conflictsOf(error) });
    }
  };

  return (
    <form className={styles.deskForm} onSubmit={(event) => void submit(event)} data-testid="new-booking-form" noValidate>
      <div className={styles.deskGrid}>
        <Select
          label={t('reservations-board:desk.room')}
          value={String(roomId)}
          onChange={(event) => setRoomId(Number(event.target.value))}
          options={rooms.map((r) => ({ value: String(r.id), label: r.name[language] }))}
        />
        <Input type="date" label={t('reservations-board:desk.arrival')} value={arrival} min={hotelToday()} onChange={(event) => setArrival(event.target.value)} required />
        <Input type="date" label={t('reservations-board:desk.departure')} value={departure} min={addDays(arrival, 1)} onChange={(event) => setDeparture(event.target.value)} required />
        <Input
          type="number"
          label={t('reservations-board:desk.guests')}
          value={String(guests)}
          min={1}
          max={room ? room.primary_capacity + room.extra_capacity : 20}
          onChange={(event) => setGuests(Math.max(1, Number(event.target.value) || 1))}
        />
        <Input label={t('reservations-board:desk.guestName')} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" required data-testid="desk-guest-name" />
        <Input type="tel" label={t('reservations-board:desk.phone')} value={phone} onChange={(event) => setPhone(event.target.value)} autoComplete="off" required data-testid="desk-phone" />
        <Input type="email" label={t('reservations-board:desk.email')} value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
        <Select
          label={t('reservations-board:desk.language')}
          value={letterLanguage}
          onChange={(event) => setLetterLanguage(event.target.value as 'ru' | 'en')}
          options={(['ru', 'en'] as const).map((value) => ({ value, label: t(`reservations-board:desk.languages.${value}`) }))}
        />
        <Select
          label={t('reservations-board:desk.channel')}
          value={channel}
          onChange={(event) => setChannel(event.target.value as StaffChannel)}
          options={STAFF_CHANNELS.map((value) => ({ value, label: t(`reservations-board:desk.channels.${value}`) }))}
          data-testid="desk-channel"
        />
        <Select
          label={t('reservations-board:desk.rate')}
          value={rate}
          onChange={(event) => setRate(event.target.value as 'flexible' | 'non_refundable')}
          options={(['flexible', 'non_refundable'] as const).map((value) => ({ value, label: t(`reservations-board:desk.rates.${value}`) }))}
        />
        <Input label={t('reservations-board:desk.promo')} value={promo} onChange={(event) => setPromo(event.target.value)} autoComplete="off" />
        <Input label={t('reservations-board:desk.note')} value={note} onChange={(event) => setNote(event.target.value)} />
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
                onChange={(event) => setQuantities((all) => ({ ...all, [extra.id]: Math.max(0, Number(event.target.value) || 0) }))}
              />
            ))}
          </div>
        </fieldset>
      )}

      <fieldset className={styles.deskFieldset}>
        <legend>{t('reservations-board:desk.guarantee')}</legend>
        {(['card', 'card_link', 'desk'] as const).map((kind) => (
          <label key={kind} className={styles.deskRadio}>
            <input type="radio" name="guarantee" value={kind} checked={guarantee === kind} onChange={() => setGuarantee(kind)} />
            {t(`reservations-board:desk.guarantees.${kind}`)}
          </label>
        ))}
        {guarantee === 'card' &&
          (savedCards.length > 0 ? (
            <Select
              label={t('reservations-board:desk.card')}
              value={card || savedCards[0]!.payment_method_id}
              onChange={(event) => setCard(event.target.value)}
              options={savedCards.map((c) => ({ value: c.payment_method_id, label: `${c.brand.toUpperCase()} •••• ${c.card_last4}` }))}
            />
          ) : (
            <p className={styles.muted}>{t('reservations-board:desk.noCards')}</p>
          ))}
        {guarantee === 'desk' && <Input label={t('reservations-board:desk.reason')} value={reason} onChange={(event) => setReason(event.target.value)} data-testid="desk-reason" />}
      </fieldset>

      <p className={styles.deskTotal} aria-live="polite" data-testid="desk-total">
        {t('reservations-board:desk.total')}:{' '}
        {quote.data ? <strong>{money(quote.data.total)}</strong> : quote.isFetching ? t('reservations-board:desk.totalLoading') : '—'}
      </p>
      {quote.isError && !refusal && <p className={styles.conflict}>{deskRefusal(quote.error, language) ?? t('reservations-board:actionError')}</p>}
      {refusal && <ConflictMessage conflicts={refusal.conflicts} fallback={refusal.detail} />}
      <div className={styles.dialogActions}>
        <Button variant="clearly" onClick={onCancel}>
          {t('common:button.cancel')}
        </Button>
        <Button type="submit" loading={book.isPending} data-testid="desk-submit">
          {t('reservations-board:desk.submit')}
        </Button>
      </div>
    </form>
  );
}
