import type { ReactNode } from 'react';
import { usePageTitle } from '../../../shared/seo/page-title';
import styles from './account-page.module.css';

interface AccountPageProps {
  title: string;
  lead?: ReactNode;
  /** Next to the title (e.g. "Add address"). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The heading and column of one account screen. */
export function AccountPage({ title, lead, actions, children }: AccountPageProps) {
  usePageTitle(title);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** A white card with an optional heading. */
export function Panel({ title, description, children, id }: { title?: string; description?: ReactNode; children?: ReactNode; id?: string }) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section className={styles.panel} aria-labelledby={headingId} id={id}>
      {title && (
        <header className={styles.panelHeader}>
          <h2 className={styles.panelTitle} id={headingId}>
            {title}
          </h2>
          {description && <p className={styles.panelDescription}>{description}</p>}
        </header>
      )}
      {children}
    </section>
  );
}
