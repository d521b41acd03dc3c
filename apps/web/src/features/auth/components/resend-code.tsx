import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { CODE_RESEND_SECONDS } from '@hotel/domain';
import { useCountdown } from '../hooks/use-countdown';
import { secondsToWait } from '../lib/code-errors';
import styles from './forms.module.css';

interface ResendCodeProps {
  /** Sends the code again; a rejection re-enables the button at once. */
  onResend: () => Promise<unknown>;
  /** The countdown starts at once (a code has just been sent), unless false. */
  startRunning?: boolean;
  /** Seconds of the first countdown, when the server asked for longer than the usual 59. */
  seconds?: number;
}

/** "Send again" with the 59-second countdown (AUTH-22, AUTH-42). */
export function ResendCode({ onResend, startRunning = true, seconds }: ResendCodeProps) {
  const { t } = useTranslation('auth');
  const countdown = useCountdown(CODE_RESEND_SECONDS, { autoStart: startRunning, first: seconds });
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    countdown.restart();
    try {
      await onResend();
    } catch (error) {
      // Too early for the server (its wait grows after a few letters): count down what it said.
      const wait = secondsToWait(error);
      if (wait) countdown.restart(wait);
      else countdown.stop();
    } finally {
      setSending(false);
    }
  };

  return (
    <p className={styles.resend} aria-live="polite">
      {countdown.running ? (
        <span data-testid="resend-countdown">
          {t('auth:code.resendIn')}{' '}
          <span className={styles.countdown}>
            {Math.floor(countdown.remaining / 60)}:{String(countdown.remaining % 60).padStart(2, '0')}
          </span>
        </span>
      ) : (
        <button type="button" className={styles.link} onClick={() => void resend()} disabled={sending}>
          {t('auth:code.resend')}
        </button>
      )}
    </p>
  );
}
