import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a code may be sent again (spec: 59-second resend countdown). Starts
 * running at once (a code was just sent), from `first` seconds when given; `restart()` starts it
 * over after a resend, `restart(n)` from n seconds (the server asked to wait longer).
 */
export function useCountdown(seconds: number, { autoStart = true, first }: { autoStart?: boolean; first?: number } = {}) {
  const start = first ?? seconds;
  const [deadline, setDeadline] = useState<number | null>(() => (autoStart ? Date.now() + start * 1000 : null));
  const [remaining, setRemaining] = useState(autoStart ? start : 0);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        clearInterval(timer);
        setDeadline(null);
      }
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const restart = useCallback(
    (from: number = seconds) => {
      setRemaining(from);
      setDeadline(Date.now() + from * 1000);
    },
    [seconds],
  );

  const stop = useCallback(() => {
    setRemaining(0);
    setDeadline(null);
  }, []);

  return { remaining, running: remaining > 0, restart, stop };
}
