import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { noticePreferencesInputSchema, type NoticePreferences, type NoticePreferencesInput } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';
import { Form, requestSchema } from '../../../shared/forms/form';
import { Button, Input, Skeleton, toast } from '../../../shared/ui';
import { useNoticePreferences, useSaveNoticePreferences, useTelegramLink, useUnlinkTelegram } from '../api/notices';
import { Panel } from './account-page';
import forms from './forms.module.css';
import styles from './notice-settings.module.css';

const detailOf = (error: unknown) => (error instanceof ApiError ? error.detail : String(error));

/** The member of staff's notices: what they are told of, channels, quiet hours, Telegram. */
export function NoticeSettings() {
  const { t } = useTranslation(['account', 'common']);
  const preferences = useNoticePreferences();
  if (preferences.isPending) return <Skeleton height={360} radius="lg" />;
  if (preferences.isError) {
    const staffOnly = preferences.error instanceof ApiError && preferences.error.status === 403;
    return (
      <Panel>
        <p role={staffOnly ? undefined : 'alert'} className={styles.text}>
          {staffOnly ? t('account:notices.staffOnly') : t('account:loadError', { detail: detailOf(preferences.error) })}
        </p>
      </Panel>
    );
  }
  return (
    <div className={styles.column}>
      <Panel title={t('account:notices.told.title')} id="notices-told">
        {preferences.data.kinds.length === 0 ? (
          <p className={styles.text}>{t('account:notices.told.none')}</p>
        ) : (
          <ul className={styles.kinds} data-testid="notice-kinds">
            {preferences.data.kinds.map((kind) => (
              <li key={kind}>{t(`account:notices.told.kinds.${kind}`)}</li>
            ))}
          </ul>
        )}
      </Panel>
      <ChannelsForm preferences={preferences.data} />
      <TelegramPanel preferences={preferences.data} />
    </div>
  );
}

interface ChannelsFields {
  email: boolean;
  telegram: boolean;
  quiet: boolean;
  quiet_hours: { from: string; to: string };
}

/** The request from the fields: the quiet hours only while their checkbox is on. */
const channelsSchema = requestSchema(noticePreferencesInputSchema, (values: ChannelsFields) => ({
  email: values.email,
  telegram: values.telegram,
  quiet_hours: values.quiet ? values.quiet_hours : null,
}));

function ChannelsForm({ preferences }: { preferences: NoticePreferences }) {
  const { t } = useTranslation(['account', 'common']);
  const save = useSaveNoticePreferences();
  const [error, setError] = useState<string | null>(null);

  const submit = async (body: NoticePreferencesInput) => {
    setError(null);
    try {
      await save.mutateAsync(body);
      toast.success(t('account:notices.saved'));
    } catch (failure) {
      // The server answers these refusals in the person's own language.
      setError(t('account:notices.error', { detail: detailOf(failure) }));
    }
  };

  const defaults: ChannelsFields = {
    email: preferences.email,
    telegram: preferences.telegram,
    quiet: preferences.quiet_hours !== null,
    quiet_hours: { from: preferences.quiet_hours?.from ?? '23:00', to: preferences.quiet_hours?.to ?? '07:00' },
  };

  return (
    <Panel title={t('account:notices.channels.title')} id="notices-channels">
      <Form className={forms.form} schema={channelsSchema} options={{ defaultValues: defaults }} onSubmit={submit} data-testid="notice-channels-form">
        {(form, fieldError) => (
          <>
            <div className={forms.stack}>
              <label className={forms.checkbox}>
                <input type="checkbox" {...form.register('email')} />
                {t('account:notices.channels.email')}
              </label>
              <label className={forms.checkbox}>
                <input type="checkbox" {...form.register('telegram')} />
                {t('account:notices.channels.telegram')}
                {form.watch('telegram') && !preferences.telegram_linked && preferences.telegram_available && (
                  <span className={styles.muted}>({t('account:notices.channels.telegramNeedsLink')})</span>
                )}
              </label>
            </div>
            <fieldset className={styles.quiet}>
              <legend className={styles.legend}>{t('account:notices.quiet.title')}</legend>
              <label className={forms.checkbox}>
                <input type="checkbox" {...form.register('quiet')} />
                {t('account:notices.quiet.toggle')}
              </label>
              {form.watch('quiet') && (
                <div className={styles.times}>
                  <Input type="time" label={t('account:notices.quiet.from')} error={fieldError('quiet_hours.from')} required {...form.register('quiet_hours.from')} />
                  <Input type="time" label={t('account:notices.quiet.to')} error={fieldError('quiet_hours.to')} required {...form.register('quiet_hours.to')} />
                </div>
              )}
              <p className={styles.muted}>{t('account:notices.quiet.hint')}</p>
            </fieldset>
            {error && (
              <p role="alert" className={styles.error}>
                {error}
              </p>
            )}
            <div className={forms.footer}>
              <Button type="submit" variant="secondary" loading={save.isPending}>
                {t('account:notices.save')}
              </Button>
            </div>
          </>
        )}
      </Form>
    </Panel>
  );
}

function TelegramPanel({ preferences }: { preferences: NoticePreferences }) {
  const { t } = useTranslation(['account', 'common']);
  const link = useTelegramLink();
  const unlink = useUnlinkTelegram();
  const refetch = useNoticePreferences().refetch;

  let body;
  if (!preferences.telegram_available) body = <p className={styles.text}>{t('account:notices.telegram.unavailable')}</p>;
  else if (preferences.telegram_linked) {
    body = (
      <>
        <p className={styles.text} data-testid="telegram-linked">
          {t('account:notices.telegram.linked')}
        </p>
        <div className={forms.footer}>
          <Button
            variant="outline"
            size="sm"
            loading={unlink.isPending}
            onClick={() =>
              unlink.mutateAsync().then(
                () => toast.success(t('account:notices.telegram.unlinked')),
                (failure: unknown) => toast.error(detailOf(failure)),
              )
            }
          >
            {t('account:notices.telegram.unlink')}
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p className={styles.text}>{t('account:notices.telegram.notLinked')}</p>
        {link.data ? (
          <div className={styles.link}>
            <a href={link.data.url} target="_blank" rel="noreferrer" className={styles.open}>
              {t('account:notices.telegram.open')}
            </a>
            <p className={styles.muted}>{t('account:notices.telegram.openHint')}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {t('account:notices.telegram.check')}
            </Button>
          </div>
        ) : (
          <div className={forms.footer}>
            <Button variant="secondary" loading={link.isPending} onClick={() => link.mutateAsync().catch((failure: unknown) => toast.error(t('account:notices.telegram.linkError', { detail: detailOf(failure) })))}>
              {t('account:notices.telegram.link')}
            </Button>
          </div>
        )}
      </>
    );
  }
  return (
    <Panel title={t('account:notices.telegram.title')} id="notices-telegram">
      {body}
    </Panel>
  );
}
