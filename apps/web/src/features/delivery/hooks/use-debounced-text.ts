import { useCallback, useEffect, useState } from 'react';

/**
 * Text typed into a box and the same text once typing has paused for `delayMs` (DEL-09): the
 * box shows `text` at once, the filter follows `settled`. `clear` empties both at once, for a
 * reset button the guest expects to act immediately.
 */
export function useDebouncedText(delayMs: number) {
  const [text, setText] = useState('');
  const [settled, setSettled] = useState('');

  useEffect(() => {
    if (text === settled) return;
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, settled, delayMs]);

  const clear = useCallback(() => {
    setText('');
    setSettled('');
  }, []);

  return { text, settled, setText, clear };
}
