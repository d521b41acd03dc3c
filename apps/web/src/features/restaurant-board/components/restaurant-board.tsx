/**
 * The staff's tables (/admin/restaurant; issue 24, point 1): one day at a time, the tables by start
 * time with their steps (confirm, seat, no-show, cancel, move), the seats taken per 15-minute slot
 * against the covers, a phone call or a walk-in to add, and the settings. Tables whose e-mail is
 * not confirmed stand apart and are cleared at once; seating and a no-show are offered from the
 * table's time, each asked first, and a no-show can be taken back
 * (docs/decisions/048-table-confirmation.md).
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import {
  addDays,
  canTableStep,
  hasTableBegun,
  hotelClock,
  hotelToday,
  staffTableSchema,
  TABLE_COVERS_MAX,
  tableMoveSchema,
  tableSettingsSchema,
  TABLE_DETAILS,
  TABLE_PARTY_MAX,
  TABLE_TIMES,
  type TableBoard,
  type TableReservation,
} from '@hotel/domain';
import { ConfirmDialog, useConfirmation } from '../../../shared/admin/confirm-dialog';
import { ApiError } from '../../../shared/api/client';
import { Form, requestSchema } from '../../../shared/forms/form';
import { formatStayDate } from '../../../shared/format/dates';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Select, Skeleton, TextArea, toast } from '../../../shared/ui';
import { useAddTable, useClearUnconfirmed, useMoveTable, useSaveSettings, useTableBoard, useTableStep, type TableStep } from '../api/board';
import styles from './restaurant-board.module.css';

const STEPS: TableStep[] = ['confirm', 'seat', 'no_show', 'cancel'];
/** Whether the guest came: offered from the table's time only, and asked first. */
const ARRIVAL: readonly TableStep[] = ['seat', 'no_show'];
const TIME_OPTIONS = TABLE_TIMES.map((time) => ({ value: time, label: time }));
const PARTY_OPTIONS = Array.from({ length: TABLE_PARTY_MAX }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/** What a refusal says, in the staff's language: a full slot with the free times, or a general failure. */
function useFailureText() {
  const { t } = useTranslation('restaurant-board');
  return (error: unknown) => {
    if (error instanceof ApiError && error.detail === TABLE_DETAILS.full) {
      const nearest = (error.body as { nearest?: string[] } | undefined)?.nearest ?? [];
      return t('actions.full', { times: nearest.join(', ') || '—' });
    }
    if (error instanceof ApiError && error.detail === TABLE_DETAILS.notYet) return t('actions.notYet');
    return t('actions.error');
  };
}

export function RestaurantBoard() {
  const { t } = useTranslation(['restaurant-board', 'common']);
  const { language } = useLanguage();
  const [date, setDate] = useState(hotelToday);
  const board = useTableBoard(date);

  return (
    <div className={styles.board} data-testid="restaurant-board">
      <div className={styles.dayBar} role="group" aria-label={t('day.label')}>
        <Button variant="outline" size="sm" onClick={() => setDate((d) => addDays(d, -1))} aria-label={t('day.previous')}>
          ←
        </Button>
        <Input
          aria-label={t('day.label')}
          type="date"
          value={date}
          onChange={(event) => event.target.value && setDate(event.target.value)}
          containerClassName={styles.dayInput}
          data-testid="board-date"
        />
        <Button variant="outline" size="sm" onClick={() => setDate((d) => addDays(d, 1))} aria-label={t('day.next')}>
          →
        </Button>
        <Button variant="clearly" size="sm" onClick={() => setDate(hotelToday())}>
          {t('day.today')}
        </Button>
        <span className={styles.dayName}>{formatStayDate(date, language)}</span>
      </div>

      {board.isPending ? (
        <Skeleton height={240} />
      ) : board.isError ? (
        <p className={styles.error} role="alert">
          {t('list.error')}{' '}
          <Button variant="outline" size="sm" onClick={() => void board.refetch()}>
            {t('list.retry')}
          </Button>
        </p>
      ) : (
        <div className={styles.columns}>
          <section aria-labelledby="board-list-title" className={styles.main}>
            <h2 id="board-list-title" className={styles.sectionTitle}>
              {t('list.title')} · {confirmedOf(board.data).filter((row) => row.status !== 'cancelled').length}
            </h2>
            <LoadStrip board={board.data} />
            {confirmedOf(board.data).length === 0 ? (
              <p className={styles.empty}>{t('list.empty')}</p>
            ) : (
              <ol className={styles.list}>
                {confirmedOf(board.data).map((table) => (
                  <li key={table.id}>
                    <TableRow table={table} />
                  </li>
                ))}
              </ol>
            )}
            <Unconfirmed board={board.data} />
          </section>
          <aside className={styles.side}>
            <AddTable date={date} />
            <Settings key={`${board.data.settings.covers}-${board.data.settings.auto_confirm}`} board={board.data} />
          </aside>
        </div>
      )}
    </div>
  );
}

/** A table cancelled counts as settled wherever its e-mail stood: it stays in the main list. */
const isUnconfirmed = (table: TableReservation) => table.email_state !== 'confirmed' && table.status !== 'cancelled';
const confirmedOf = (board: TableBoard) => board.reservations.filter((table) => !isUnconfirmed(table));

/** The day's tables whose e-mail is not confirmed, apart, and clearing every such table at once. */
function Unconfirmed({ board }: { board: TableBoard }) {
  const { t } = useTranslation('restaurant-board');
  const clear = useClearUnconfirmed();
  const confirmation = useConfirmation<number>();
  const tables = board.reservations.filter(isUnconfirmed);
  if (tables.length === 0 && board.unconfirmed_total === 0) return null;
  return (
    <section className={styles.unconfirmed} aria-labelledby="board-unconfirmed-title" data-testid="board-unconfirmed">
      <h2 id="board-unconfirmed-title" className={styles.sectionTitle}>
        {t('unconfirmed.title')} · {tables.length}
      </h2>
      <p className={styles.empty}>{t('unconfirmed.lead')}</p>
      {tables.length > 0 && (
        <ol className={styles.list}>
          {tables.map((table) => (
            <li key={table.id}>
              <TableRow table={table} />
            </li>
          ))}
        </ol>
      )}
      {board.unconfirmed_total > 0 && (
        <Button variant="outline" size="sm" data-testid="board-clear-unconfirmed" onClick={() => confirmation.ask(board.unconfirmed_total)}>
          {t('unconfirmed.clear', { count: board.unconfirmed_total })}
        </Button>
      )}
      <ConfirmDialog
        open={confirmation.open}
        title={t('unconfirmed.clearTitle')}
        confirmLabel={t('unconfirmed.clearConfirm')}
        busy={clear.isPending}
        onClose={confirmation.close}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: (answer) => toast.success(t('unconfirmed.cleared', { count: answer.cleared })),
            onError: () => toast.error(t('unconfirmed.error')),
            onSettled: confirmation.close,
          })
        }
      >
        {t('unconfirmed.clearText', { count: confirmation.subject ?? 0 })}
      </ConfirmDialog>
    </section>
  );
}

function LoadStrip({ board }: { board: TableBoard }) {
  const { t } = useTranslation('restaurant-board');
  const covers = board.settings.covers;
  return (
    <figure className={styles.load} aria-labelledby="board-load-title">
      <figcaption id="board-load-title" className={styles.loadTitle}>
        {t('load.title')}
      </figcaption>
      <ol className={styles.bars} data-testid="board-load">
        {board.load.map((slot) => {
          const share = Math.min(1, slot.taken / covers);
          const label = t('load.slot', { time: slot.time, taken: slot.taken, covers });
          return (
            <li key={slot.time} className={styles.bar} title={label} data-full={slot.taken >= covers || undefined}>
              <span className={styles.fill} style={{ height: `${Math.round(share * 100)}%` }} />
              <span className="visually-hidden">{label}</span>
              {slot.time.endsWith(':00') && <span className={styles.hour} aria-hidden="true">{slot.time.slice(0, 2)}</span>}
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

function TableRow({ table }: { table: TableReservation }) {
  const { t } = useTranslation(['restaurant-board', 'common']);
  const step = useTableStep();
  const move = useMoveTable();
  const failure = useFailureText();
  const [moving, setMoving] = useState(false);
  const asking = useConfirmation<TableStep>();
  const headingId = `board-table-${table.id}`;
  const closed = table.status === 'cancelled' || table.status === 'no_show';
  const begun = hasTableBegun(table.date, table.time, new Date());
  const offered = STEPS.filter((name) => canTableStep(name, table.status) && (begun || !ARRIVAL.includes(name)));
  const take = (name: TableStep) =>
    step.mutate({ id: table.id, step: name }, { onSuccess: () => toast.success(t(name === 'undo_no_show' ? 'actions.undone' : 'actions.done')), onSettled: asking.close });

  return (
    <article className={styles.row} data-status={table.status} aria-labelledby={headingId} data-testid="board-table">
      <div className={styles.rowTime}>
        <strong>{table.time}</strong>
        <span>{table.ends}</span>
      </div>
      <div className={styles.rowMain}>
        <h3 id={headingId} className={styles.rowTitle}>
          {table.name} · {t('list.party', { count: table.party })}
        </h3>
        <p className={styles.rowFacts}>
          <span className={styles.badge} data-status={table.status} data-testid="board-status">
            {t(`status.${table.status}`)}
          </span>
          {table.phone && <a href={`tel:${table.phone.replace(/[^+\d]/g, '')}`}>{table.phone}</a>}
          <span>{t(`list.source.${table.source}`)}</span>
          <span>#{table.id}</span>
          {table.email_state !== 'confirmed' && (
            <span className={styles.hold} data-state={table.email_state} data-testid="board-email-state">
              {table.email_state === 'awaiting' && table.hold_until
                ? t('unconfirmed.awaiting', { time: hotelClock(new Date(table.hold_until)) })
                : t('unconfirmed.expired')}
            </span>
          )}
        </p>
        {table.wishes && <p className={styles.wishes}>{table.wishes}</p>}
        {table.status === 'no_show' && (
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="outline"
              loading={step.isPending}
              aria-describedby={headingId}
              data-testid="board-undo_no_show"
              onClick={() => take('undo_no_show')}
            >
              {t('actions.undo_no_show')}
            </Button>
          </div>
        )}
        {!closed && (
          <div className={styles.actions}>
            {offered.map((name) => (
              <Button
                key={name}
                size="sm"
                variant={name === 'confirm' || name === 'seat' ? 'primary' : 'outline'}
                loading={step.isPending && step.variables.step === name}
                disabled={step.isPending}
                aria-describedby={headingId}
                data-testid={`board-${name}`}
                onClick={() => (ARRIVAL.includes(name) ? asking.ask(name) : take(name))}
              >
                {t(`actions.${name}`)}
              </Button>
            ))}
            {!begun && canTableStep('seat', table.status) && (
              <span className={styles.later} data-testid="board-from-time">
                {t('actions.fromTime', { time: table.time })}
              </span>
            )}
            {canTableStep('move', table.status) && (
              <Button size="sm" variant="clearly" aria-expanded={moving} onClick={() => setMoving((open) => !open)} aria-describedby={headingId}>
                {t('actions.move')}
              </Button>
            )}
          </div>
        )}
        {moving && (
          <Form
            className={styles.move}
            schema={tableMoveSchema()}
            options={{ defaultValues: { date: table.date, time: table.time } }}
            onSubmit={(values) => move.mutate({ id: table.id, ...values }, { onSuccess: () => setMoving(false) })}
          >
            {(form, error) => (
              <>
                <Input label={t('day.label')} type="date" error={error('date')} {...form.register('date')} />
                <Select label={t('actions.moveTo')} options={TIME_OPTIONS} error={error('time')} {...form.register('time')} />
                <Button type="submit" size="sm" loading={move.isPending}>
                  {t('actions.moveSave')}
                </Button>
              </>
            )}
          </Form>
        )}
        {(step.isError || move.isError) && (
          <p className={styles.error} role="alert">
            {failure(step.error ?? move.error)}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={asking.open}
        title={t(asking.subject === 'no_show' ? 'actions.noShowTitle' : 'actions.seatTitle')}
        confirmLabel={t(`actions.${asking.subject ?? 'seat'}`)}
        busy={step.isPending}
        onClose={asking.close}
        onConfirm={() => asking.subject && take(asking.subject)}
      >
        {t(asking.subject === 'no_show' ? 'actions.noShowText' : 'actions.seatText', { name: table.name, count: table.party, time: table.time })}
      </ConfirmDialog>
    </article>
  );
}

function AddTable({ date }: { date: string }) {
  const { t } = useTranslation(['restaurant-board', 'restaurant']);
  const { language } = useLanguage();
  const add = useAddTable();
  const failure = useFailureText();
  return (
    <section className={styles.panel} aria-labelledby="board-add-title">
      <h2 id="board-add-title" className={styles.sectionTitle}>
        {t('add.title')}
      </h2>
      <Form
        key={date}
        schema={staffTableSchema()}
        className={styles.form}
        options={{ defaultValues: { date, time: '19:00', party: 2, name: '', phone: '', email: '', wishes: '', source: 'phone', language } }}
        onSubmit={async (values, form) => {
          try {
            await add.mutateAsync(values);
            toast.success(t('add.added'));
            form.reset();
          } catch {
            // Shown below from the mutation's error.
          }
        }}
      >
        {(form, error) => (
          <>
            <Select
              label={t('add.source')}
              options={[
                { value: 'phone', label: t('add.phone') },
                { value: 'walk_in', label: t('add.walk_in') },
              ]}
              {...form.register('source')}
            />
            <div className={styles.pair}>
              <Select label={t('restaurant:tables.form.time')} options={TIME_OPTIONS} error={error('time')} {...form.register('time')} />
              <Select label={t('restaurant:tables.form.party')} options={PARTY_OPTIONS} error={error('party')} {...form.register('party')} />
            </div>
            <Input label={t('restaurant:tables.form.name')} error={error('name')} {...form.register('name')} />
            <Input label={t('restaurant:tables.form.phone')} type="tel" error={error('phone')} {...form.register('phone')} />
            <Input label={t('restaurant:tables.form.email')} type="email" error={error('email')} {...form.register('email')} />
            <TextArea label={t('restaurant:tables.form.wishes')} rows={2} error={error('wishes')} {...form.register('wishes')} />
            {error('date') && <p className={styles.error}>{error('date')}</p>}
            {add.isError && (
              <p className={styles.error} role="alert">
                {failure(add.error)}
              </p>
            )}
            <Button type="submit" loading={add.isPending}>
              {t('add.submit')}
            </Button>
          </>
        )}
      </Form>
    </section>
  );
}

/** The settings as typed: the covers a number once checked by the server's schema. */
const settingsFormSchema = requestSchema(tableSettingsSchema, (values: { covers: string; auto_confirm: boolean }) => ({
  covers: values.covers.trim() === '' ? Number.NaN : Number(values.covers),
  auto_confirm: values.auto_confirm,
}));

function Settings({ board }: { board: TableBoard }) {
  const { t } = useTranslation('restaurant-board');
  const save = useSaveSettings();
  return (
    <section className={styles.panel} aria-labelledby="board-settings-title">
      <h2 id="board-settings-title" className={styles.sectionTitle}>
        {t('settings.title')}
      </h2>
      <Form
        className={styles.form}
        noValidate={false}
        schema={settingsFormSchema}
        options={{ defaultValues: { covers: String(board.settings.covers), auto_confirm: board.settings.auto_confirm } }}
        onSubmit={(values) => save.mutate(values, { onSuccess: () => toast.success(t('settings.saved')), onError: () => toast.error(t('settings.error')) })}
      >
        {(form, error) => (
          <>
            <Input label={t('settings.covers')} type="number" min={1} max={TABLE_COVERS_MAX} required error={error('covers')} {...form.register('covers')} data-testid="board-covers" />
            <label className={styles.check}>
              <input type="checkbox" {...form.register('auto_confirm')} data-testid="board-auto-confirm" />
              {t('settings.autoConfirm')}
            </label>
            <Button type="submit" variant="outline" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </>
        )}
      </Form>
    </section>
  );
}
