import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink, Skeleton } from '../../../shared/ui';
import styles from './overview-section.module.css';

export interface OverviewSectionProps<T> {
  id: string;
  title: string;
  /** "All reservations" and its target. */
  allLink: { to: string; label: string };
  /**
   * The active items. Reservations and orders come from their own features: the overview route
   * passes them here with `renderItem`; until then the section shows its empty state.
   */
  items: readonly T[] | undefined;
  renderItem?: (item: T) => ReactNode;
  getKey?: (item: T) => string | number;
  loading?: boolean;
  /** Shown instead of the list when it failed to load. */
  error?: ReactNode;
  empty: { title: string; text: string; action: { to: string; label: string } };
  icon: ReactNode;
}

/** One block of /account/overview: a list of active things, or an inviting empty state (ACC-09, ACC-10). */
export function OverviewSection<T>({ id, title, allLink, items, renderItem, getKey, loading, error, empty, icon }: OverviewSectionProps<T>) {
  const headingId = `${id}-title`;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={id}>
      <header className={styles.header}>
        <h2 className={styles.title} id={headingId}>
          {title}
        </h2>
        <Link to={allLink.to} className={styles.all}>
          {allLink.label}
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="m6 3 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
      </header>
      {loading ? (
        <div className={styles.list} aria-busy="true">
          <Skeleton height={88} radius="md" />
          <Skeleton height={88} radius="md" />
        </div>
      ) : error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : items && items.length > 0 && renderItem ? (
        <ul className={styles.list}>
          {items.map((item, index) => (
            <li key={getKey ? getKey(item) : index}>{renderItem(item)}</li>
          ))}
        </ul>
      ) : (
        <div className={styles.empty}>
          <div className={styles.emptyIcon} aria-hidden="true">
            {icon}
          </div>
          <div className={styles.emptyText}>
            <p className={styles.emptyTitle}>{empty.title}</p>
            <p className={styles.emptyHint}>{empty.text}</p>
          </div>
          <ButtonLink to={empty.action.to} variant="outline" size="sm" className={styles.emptyAction}>
            {empty.action.label}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
