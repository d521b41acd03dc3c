import type { CSSProperties } from 'react';

/** The bottom bar's columns (dashboard-shell.module.css): its links and the More button. */
export function bottomColumns(count: number): CSSProperties {
  return { '--bottom-items': count } as CSSProperties;
}
