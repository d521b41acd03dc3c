/**
 * The "Calendars" section of a room's dialog: the address of the room's own calendar, which
 * booking sites read, and the sites' calendars the room imports, with how each last import went,
 * what it skipped and which of its events land on nights already taken here (sold twice).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { z } from 'zod';
import {
  calendarFeedCreateSchema,
  CALENDAR_FEED_DETAILS,
  CALENDAR_FEED_NAME_MAX,
  CALENDAR_FEEDS_PER_ROOM_MAX,
  CALENDAR_FEED_URL_MAX,
  type CalendarConflict,
  type CalendarFeed,
  type RoomConflict,
} from '@hotel/domain';
import { ApiError, serverDetail } from '../../../shared/api/client';
import { formatMoment, formatStayDate } from '../../../shared/format/dates';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { Button, Input, Spinner, toast } from '../../../shared/ui';
import { useAddCalendarFeed, useImportCalendarFeed, useRemoveCalendarFeed, useRenewCalendarAddress, useRoomCalendar } from '../api/calendars';
import { feedFailed as failed, useFeedErrorText } from '../../../shared/admin/calendar-feed';
import { AdminIcon } from '../../../shared/admin/icons';
import styles from '../../../shared/admin/admin.module.css';
import calendarStyles from './room-calendars.module.css';

/** The host a feed's address names: enough to tell Booking.com from Airbnb at a glance. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

function useWhen() {
  const { language } = useLanguage();
  return (iso: string) => formatMoment(iso, language);
}

/** "Yes, replace" / "Cancel" in place of a dialog: Cancel has the focus, so Enter does no harm. */
function InlineConfirm({
  question,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  testId,
}: {
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const questionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className={calendarStyles.confirm} role="group" aria-labelledby={questionId} data-testid={testId}>
      <p id={questionId} className={calendarStyles.confirmText}>
        <AdminIcon name="warning" size={18} />
        <span>{question}</span>
      </p>
      <div className={styles.rowActions}>
        <Button size="sm" variant="clearly" ref={cancelRef} onClick={onCancel} disabled={busy}>
          {t('admin:calendar.feeds.cancel')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}

/** The section, loaded only while the dialog is open (`active`). */
export function RoomCalendars({ roomId, active }: { roomId: number; active: boolean }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const calendar = useRoomCalendar(roomId, active);

  let body: ReactNode;
  if (calendar.data) {
    body = (
      <>
        <ExportAddress roomId={roomId} url={calendar.data.export_url} />
        <FeedList roomId={roomId} feeds={calendar.data.feeds} />
        <AddFeedForm roomId={roomId} />
      </>
    );
  } else if (calendar.isError) {
    body = (
      <div role="alert">
        <p className={styles.error}>{serverDetail(calendar.error) ?? t('admin:calendar.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void calendar.refetch()}>
          {t('admin:calendar.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <p className={styles.status} role="status">
        <Spinner size="sm" decorative /> {t('admin:calendar.loading')}
      </p>
    );
  }

  return (
    <section className={calendarStyles.calendars} aria-labelledby={titleId} data-testid="room-calendar">
      <h3 id={titleId} className={`${styles.sectionTitle} ${calendarStyles.heading}`}>
        {t('admin:calendar.title')}
      </h3>
      <p className={`${styles.hint} ${calendarStyles.lead}`}>{t('admin:calendar.lead')}</p>
      {body}
    </section>
  );
}

function ExportAddress({ roomId, url }: { roomId: number; url: string }) {
  const { t } = useTranslation('admin');
  const renew = useRenewCalendarAddress(roomId);
  const [copied, setCopied] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const renewRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (copied === 0) return;
    const timer = setTimeout(() => setCopied(0), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      // Without a secure context there is no clipboard at all.
      if (!('clipboard' in navigator)) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopied((n) => n + 1);
    } catch {
      inputRef.current?.select();
      toast.error(t('admin:calendar.export.copyFailed'));
    }
  };

  const cancel = () => {
    setConfirming(false);
    renewRef.current?.focus();
  };

  const replace = async () => {
    try {
      await renew.mutateAsync();
      toast.success(t('admin:calendar.export.renewed'));
      cancel();
      inputRef.current?.focus();
    } catch (error) {
      toast.error(serverDetail(error) ?? t('admin:saveError'));
    }
  };

  return (
    <div className={calendarStyles.calendarBlock}>
      <h4 className={calendarStyles.subTitle}>{t('admin:calendar.export.title')}</h4>
      <Input
        ref={inputRef}
        label={t('admin:calendar.export.label')}
        hint={t('admin:calendar.export.hint')}
        value={url}
        readOnly
        className={calendarStyles.address}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="calendar-export-url"
      />
      <div className={calendarStyles.addressActions}>
        <Button size="sm" variant="outline" onClick={() => void copy()} aria-label={t('admin:calendar.export.copyLabel')}>
          {copied !== 0 ? t('admin:calendar.export.copied') : t('admin:calendar.export.copy')}
        </Button>
        <Button size="sm" variant="clearly" ref={renewRef} onClick={() => setConfirming(true)} aria-expanded={confirming} disabled={confirming}>
          {t('admin:calendar.export.renew')}
        </Button>
        {/* Always in the page, so screen readers announce the confirmation when it appears. */}
        <span className={styles.status} role="status">
          {copied !== 0 && t('admin:calendar.export.copied')}
        </span>
      </div>
      {confirming && (
        <InlineConfirm
          question={t('admin:calendar.export.renewQuestion')}
          confirmLabel={t('admin:calendar.export.renewYes')}
          busy={renew.isPending}
          onConfirm={() => void replace()}
          onCancel={cancel}
          testId="calendar-renew-confirm"
        />
      )}
    </div>
  );
}

function FeedList({ roomId, feeds }: { roomId: number; feeds: CalendarFeed[] }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <div className={calendarStyles.calendarBlock}>
      <h4 id={titleId} className={calendarStyles.subTitle}>
        {t('admin:calendar.feeds.title')} {feeds.length > 0 && <span className={styles.count}>{feeds.length}</span>}
      </h4>
      {feeds.length === 0 ? (
        <p className={styles.hint}>{t('admin:calendar.feeds.empty')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby={titleId} data-testid="calendar-feeds">
          {feeds.map((feed) => (
            <FeedItem key={feed.id} roomId={roomId} feed={feed} />
          ))}
        </ul>
      )}
    </div>
  );
}

function FeedItem({ roomId, feed }: { roomId: number; feed: CalendarFeed }) {
  const { t } = useTranslation('admin');
  const when = useWhen();
  const feedErrorText = useFeedErrorText();
  const importing = useImportCalendarFeed();
  const remove = useRemoveCalendarFeed(roomId);
  const [confirming, setConfirming] = useState(false);
  const removeRef = useRef<HTMLButtonElement>(null);
  const host = hostOf(feed.url);
  const error = failed(feed) ? feedErrorText(feed) : null;

  const importNow = async () => {
    try {
      const result = await importing.mutateAsync(feed.id);
      if (failed(result)) toast.error(t('admin:calendar.feeds.failed', { name: result.name, error: feedErrorText(result) }));
      else toast.success(t('admin:calendar.feeds.imported', { name: result.name, count: result.event_count }));
    } catch (failure) {
      toast.error(serverDetail(failure) ?? t('admin:saveError'));
    }
  };

  const removeNow = async () => {
    try {
      await remove.mutateAsync(feed.id);
      toast.success(t('admin:calendar.feeds.removed'));
    } catch (failure) {
      toast.error(serverDetail(failure) ?? t('admin:deleteError'));
      setConfirming(false);
    }
  };

  const reasons = Object.entries(
    feed.skipped.reduce<Record<string, number>>((counts, event) => ({ ...counts, [event.reason]: (counts[event.reason] ?? 0) + 1 }), {}),
  )
    .map(([reason, count]) => t('admin:calendar.feeds.reason', { reason: t(`admin:calendar.skipped.${reason as CalendarFeed['skipped'][number]['reason']}`), count }))
    .join(', ');

  return (
    <li className={calendarStyles.feed} data-testid="calendar-feed" data-feed-id={feed.id} data-failed={error !== null || undefined}>
      <div className={`${styles.row} ${calendarStyles.feedRow}`}>
        <div className={styles.rowMain}>
          <span className={styles.rowTitle}>{feed.name}</span>
          <span className={styles.rowSub} title={feed.url}>
            {host}
          </span>
        </div>
        <div className={styles.rowActions}>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void importNow()}
            loading={importing.isPending}
            disabled={remove.isPending}
            aria-label={t('admin:calendar.feeds.importLabel', { name: feed.name })}
          >
            {t('admin:calendar.feeds.importNow')}
          </Button>
          <Button
            size="sm"
            variant="clearly"
            ref={removeRef}
            onClick={() => setConfirming(true)}
            disabled={confirming || importing.isPending}
            aria-expanded={confirming}
            aria-label={t('admin:calendar.feeds.removeLabel', { name: feed.name })}
          >
            <AdminIcon name="trash" size={18} />
            {t('admin:calendar.feeds.remove')}
          </Button>
        </div>
      </div>
      <div className={calendarStyles.feedFacts}>
        {error !== null ? (
          <p className={calendarStyles.feedError} data-testid="calendar-feed-error">
            <AdminIcon name="warning" size={16} />
            <span>{error}</span>
          </p>
        ) : null}
        <p className={`${styles.hint} ${calendarStyles.fact}`} data-testid="calendar-feed-status">
          {feed.last_success_at
            ? t(error !== null ? 'admin:calendar.feeds.lastWorked' : 'admin:calendar.feeds.lastSuccess', { when: when(feed.last_success_at) })
            : t('admin:calendar.feeds.never')}
          {feed.last_success_at && (
            <>
              {' · '}
              <span data-testid="calendar-feed-events">{t('admin:calendar.feeds.events', { count: feed.event_count })}</span>
            </>
          )}
        </p>
        {feed.skipped.length > 0 && <p className={`${styles.hint} ${calendarStyles.fact}`}>{t('admin:calendar.feeds.skipped', { count: feed.skipped.length, reasons })}</p>}
        {feed.conflicts.length > 0 && <FeedConflicts conflicts={feed.conflicts} omitted={feed.conflicts_omitted} />}
      </div>
      {confirming && (
        <div className={calendarStyles.feedFacts}>
          <InlineConfirm
            question={t('admin:calendar.feeds.removeQuestion', { name: feed.name })}
            confirmLabel={t('admin:calendar.feeds.removeYes')}
            busy={remove.isPending}
            onConfirm={() => void removeNow()}
            onCancel={() => {
              setConfirming(false);
              removeRef.current?.focus();
            }}
            testId="calendar-remove-confirm"
          />
        </div>
      )}
    </li>
  );
}

/** The first conflicts of the import, with what holds their nights; beyond those the server keeps only their count. */
function FeedConflicts({ conflicts, omitted }: { conflicts: CalendarConflict[]; omitted: number }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  // Worded as the board's move dialog words what takes a night.
  const holder = (hold: RoomConflict) => {
    if (hold.kind === 'reservation') return t('admin:calendar.conflict.byReservation', { id: hold.reservation_id });
    if (hold.kind === 'block') return t('admin:calendar.conflict.byBlock', { note: hold.note });
    return t('admin:calendar.conflict.byImport', { feed: hold.note });
  };
  return (
    <div className={calendarStyles.feedConflicts} data-testid="calendar-feed-conflicts">
      <p className={calendarStyles.feedConflictsTitle}>
        <AdminIcon name="warning" size={16} />
        <span>{t('admin:calendar.feeds.conflicts', { count: conflicts.length + omitted })}</span>
      </p>
      <ul>
        {conflicts.map((conflict) => (
          <li key={conflict.uid}>
            <strong>{t('admin:calendar.conflict.dates', { from: formatStayDate(conflict.arrival, language), to: formatStayDate(conflict.departure, language) })}</strong>
            {conflict.summary && <> · {conflict.summary}</>}
            {conflict.holds.length > 0 && <> — {conflict.holds.map(holder).join('; ')}</>}
          </li>
        ))}
      </ul>
      {omitted > 0 && <p className={calendarStyles.feedConflictsMore} data-testid="calendar-feed-more-conflicts">{t('admin:calendar.feeds.moreConflicts', { count: omitted })}</p>}
    </div>
  );
}

/** Why the server refused a feed, in the staff member's language: by status and the domain's details. */
function refusalKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'admin:calendar.add.error';
  if (error.status === 409 && error.detail === CALENDAR_FEED_DETAILS.duplicate) return 'admin:calendar.add.duplicate';
  if (error.status === 409 && error.detail === CALENDAR_FEED_DETAILS.tooMany) return 'admin:calendar.add.tooMany';
  if (error.status === 422) return 'admin:calendar.add.refused';
  return 'admin:calendar.add.error';
}

function AddFeedForm({ roomId }: { roomId: number }) {
  const { t } = useTranslation(['admin', 'common']);
  const titleId = useId();
  const add = useAddCalendarFeed(roomId);
  const feedErrorText = useFeedErrorText();
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = async (values: z.output<typeof calendarFeedCreateSchema>, form: FormMethods<typeof calendarFeedCreateSchema>) => {
    setRefusal(null);
    try {
      const feed = await add.mutateAsync(values);
      form.reset({ name: '', url: '' });
      if (failed(feed)) toast.error(t('admin:calendar.add.addedFailed', { name: feed.name, error: feedErrorText(feed) }));
      else toast.success(t('admin:calendar.add.added', { name: feed.name, count: feed.event_count }));
    } catch (error) {
      setRefusal(t(refusalKey(error), { max: CALENDAR_FEEDS_PER_ROOM_MAX }));
    }
  };

  return (
    <Form schema={calendarFeedCreateSchema} options={{ defaultValues: { name: '', url: '' } }} className={calendarStyles.calendarBlock} onSubmit={onSubmit} aria-labelledby={titleId} data-testid="calendar-feed-form">
      {(form, error) => {
                return (
          <>
            <h4 id={titleId} className={calendarStyles.subTitle}>
              {t('admin:calendar.add.title')}
            </h4>
            <div className={calendarStyles.feedFields}>
              <Input
                label={t('admin:calendar.add.name')}
                placeholder={t('admin:calendar.add.namePlaceholder')}
                maxLength={CALENDAR_FEED_NAME_MAX}
                autoComplete="off"
                required
                error={error('name')}
                disabled={add.isPending}
                {...form.register('name')}
              />
              <Input
                label={t('admin:calendar.add.url')}
                placeholder={t('admin:calendar.add.urlPlaceholder')}
                type="url"
                inputMode="url"
                maxLength={CALENDAR_FEED_URL_MAX}
                autoComplete="off"
                spellCheck={false}
                required
                error={error('url')}
                disabled={add.isPending}
                {...form.register('url')}
              />
            </div>
            {refusal && (
              <p className={styles.error} role="alert" data-testid="calendar-feed-refusal">
                {refusal}
              </p>
            )}
            <div className={calendarStyles.addressActions}>
              <Button type="submit" size="sm" disabled={add.isPending} aria-busy={add.isPending || undefined}>
                <AdminIcon name="plus" size={18} />
                {t('admin:calendar.add.submit')}
              </Button>
              <span className={styles.status} role="status" aria-live="polite">
                {add.isPending && (
                  <>
                    <Spinner size="sm" decorative /> {t('admin:calendar.add.reading')}
                  </>
                )}
              </span>
            </div>
          </>
        );
      }}
    </Form>
  );
}
