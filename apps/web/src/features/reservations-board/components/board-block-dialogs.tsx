/**
 * Blocks on the reservations board: "Block dates" (a room, nights, a note: repairs), and a block
 * or a booking site's event opened from its bar, where a block can be unblocked.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { z } from 'zod';
import { addDays, BLOCK_NOTE_MAX, blockCreateSchema, hotelToday, type BoardRoom, type RoomConflict } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { formatStayDate } from '../../../shared/format/dates';
import { Form } from '../../../shared/forms/form';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Modal, Select, toast } from '../../../shared/ui';
import { conflictsOf, useCreateBlock, useDeleteBlock } from '../api/reservations-board';
import { ConflictMessage, useRefusalDetail } from './board-parts';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import type { BoardSelection } from '../lib/board-selection';
import styles from './reservations-board.module.css';

export function NewBlockDialog({ open, rooms, onClose }: { open: boolean; rooms: BoardRoom[]; onClose: () => void }) {
  const { t } = useTranslation('reservations-board');
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('reservations-board:block.title')} description={t('reservations-board:block.lead')}>
      {open && <NewBlockForm rooms={rooms} onDone={onClose} />}
    </Modal>
  );
}

function NewBlockForm({ rooms, onDone }: { rooms: BoardRoom[]; onDone: () => void }) {
  const { t } = useTranslation(['reservations-board', 'hotel', 'admin', 'common']);
  const { language } = useLanguage();
  const create = useCreateBlock();
  const refusalDetail = useRefusalDetail();
  const today = hotelToday();
  const [refusal, setRefusal] = useState<{ conflicts: RoomConflict[]; detail: string } | null>(null);

  const submit = async (block: z.output<typeof blockCreateSchema>) => {
    try {
      await create.mutateAsync(block);
      toast.success(t('reservations-board:block.created'));
      onDone();
    } catch (error) {
      setRefusal({ conflicts: conflictsOf(error), detail: refusalDetail(error) });
    }
  };

  return (
    <Form
      schema={blockCreateSchema}
      options={{ defaultValues: { room_id: rooms[0]?.id, arrival: today, departure: addDays(today, 1), note: '' } }}
      className={styles.moveForm}
      style={{ marginTop: 0, paddingTop: 0, borderTop: 0 }}
      onSubmit={submit}
      // A new try clears the last refusal, whether or not the fields pass.
      onSubmitCapture={() => setRefusal(null)}
      data-testid="block-form"
    >
      {(form, error) => (
        <>
          <Select
            label={t('reservations-board:block.room')}
            error={error('room_id')}
            options={rooms.map((room) => ({ value: String(room.id), label: room.name[language] }))}
            {...form.register('room_id', { valueAsNumber: true })}
          />
          <Input type="date" label={t('reservations-board:block.arrival')} error={error('arrival')} required {...form.register('arrival')} />
          <Input type="date" label={t('reservations-board:block.departure')} error={error('departure')} required {...form.register('departure')} />
          <Input
            label={t('reservations-board:block.note')}
            placeholder={t('reservations-board:block.notePlaceholder')}
            maxLength={BLOCK_NOTE_MAX}
            error={error('note')}
            required
            {...form.register('note')}
          />
          {refusal && <ConflictMessage conflicts={refusal.conflicts} fallback={refusal.detail} />}
          <div className={styles.dialogActions}>
            <Button variant="clearly" onClick={onDone}>
              {t('common:button.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('reservations-board:block.submit')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

type HoldSelection = Extract<BoardSelection, { kind: 'hold' }>;

/** A block (which can be unblocked) or a booking site's event (which goes with its calendar). */
export function HoldDialog({ selection, onClose }: { selection: HoldSelection | null; onClose: () => void }) {
  const { t } = useTranslation(['reservations-board', 'common']);
  const { language } = useLanguage();
  const [shown, setShown] = useState<HoldSelection | null>(null);
  if (selection !== null && selection !== shown) setShown(selection);
  const [confirming, setConfirming] = useState(false);
  const unblock = useDeleteBlock();
  const current = selection ?? shown;
  const date = (iso: string) => formatStayDate(iso, language);

  const remove = async () => {
    if (!current) return;
    try {
      await unblock.mutateAsync(current.hold.id);
      toast.success(t('reservations-board:block.unblocked'));
      setConfirming(false);
      onClose();
    } catch (error) {
      toast.error(serverDetail(error) ?? t('reservations-board:actionError'));
      setConfirming(false);
    }
  };

  const hold = current?.hold;
  const title = hold?.kind === 'import' ? t('reservations-board:block.importTitle') : t('reservations-board:block.holdTitle');
  return (
    <Modal
      open={selection !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      onClosed={() => setShown(null)}
      footer={
        hold?.kind === 'block' ? (
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('reservations-board:block.unblock')}
            </Button>
          </div>
        ) : undefined
      }
    >
      {current && hold && (
        <div data-testid="hold-details">
          <dl className={styles.details}>
            <dt>{t('reservations-board:stay.room')}</dt>
            <dd>{current.room.name[language]}</dd>
            <dt>{t('reservations-board:stay.dates')}</dt>
            <dd>
              {date(hold.arrival)} — {date(hold.departure)}
            </dd>
            <dt>{t('reservations-board:stay.nights')}</dt>
            <dd>{hold.nights}</dd>
            {hold.kind === 'import' && (
              <>
                <dt>{t('reservations-board:block.feed')}</dt>
                <dd>{hold.feed_name}</dd>
              </>
            )}
            <dt>{t('reservations-board:block.note')}</dt>
            <dd data-testid="hold-note">{hold.note || '—'}</dd>
          </dl>
          {hold.kind === 'import' && <p className={styles.muted}>{t('reservations-board:block.importText', { feed: hold.feed_name })}</p>}
          <ConfirmDialog
            open={confirming}
            title={t('reservations-board:confirm.unblockTitle')}
            confirmLabel={t('reservations-board:confirm.unblockYes')}
            busy={unblock.isPending}
            onConfirm={() => void remove()}
            onClose={() => setConfirming(false)}
          >
            {t('reservations-board:confirm.unblockText', { room: current.room.name[language], from: date(hold.arrival), to: date(hold.departure) })}
          </ConfirmDialog>
        </div>
      )}
    </Modal>
  );
}
