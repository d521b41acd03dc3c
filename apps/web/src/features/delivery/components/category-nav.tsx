/**
 * The category sidebar (DEL-03): "All" and each category, links to the menu's address with that
 * category (`/delivery?category=ID`), which the server draws filtered: they work without scripts
 * too. Below 768 px it folds into a disclosure
 * button naming the chosen category (DEL-04). Which of the two shows is left to CSS, so the
 * prerendered HTML and the first client render are the same at any width. It is a <nav>, not an
 * <aside>: axe wants complementary landmarks at the top level, and this one sits inside <main>.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import type { Category } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Skeleton } from '../../../shared/ui';
import { categorySearch, type CategoryChoice } from '../lib/filter-products';
import styles from './category-nav.module.css';

interface CategoryNavProps {
  /** null while the menu loads. */
  categories: Category[] | null;
  /** How many products each category has, by category id; "all" for the whole menu. */
  counts: ReadonlyMap<CategoryChoice, number>;
  chosen: CategoryChoice;
  onChoose: (choice: CategoryChoice) => void;
}

export function CategoryNav({ categories, counts, chosen, onChoose }: CategoryNavProps) {
  const { t } = useTranslation('restaurant');
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const listId = useId();

  const allTitle = t('delivery.catalogue.all');
  const chosenTitle = (chosen !== 'all' && categories?.find((category) => category.id === chosen)?.title[language]) || allTitle;
  const entries: { choice: CategoryChoice; title: string }[] = [
    { choice: 'all', title: allTitle },
    ...(categories ?? []).map((category) => ({ choice: category.id, title: category.title[language] })),
  ];

  // On a phone the chosen button disappears with the list; focus goes back to the toggle so the
  // keyboard user is not dropped at the top of the page. On wider screens the toggle is hidden
  // and focus() does nothing, leaving it on the chosen button.
  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  function choose(choice: CategoryChoice) {
    onChoose(choice);
    if (open) close();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    }
  }

  return (
    <nav className={styles.nav} aria-labelledby={headingId} onKeyDown={onKeyDown} data-testid="category-nav">
      <h2 id={headingId} className={styles.heading}>
        {t('delivery.catalogue.categories')}
      </h2>
      <button
        ref={toggle}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        disabled={!categories}
        onClick={() => setOpen((value) => !value)}
        data-testid="category-toggle"
        data-early="category-toggle"
      >
        <span className={styles.toggleLabel}>{t('delivery.catalogue.category')}</span>{' '}
        <span className={styles.toggleValue}>{chosenTitle}</span>
        <svg className={styles.chevron} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {categories ? (
        <ul id={listId} className={styles.list} data-open={open || undefined}>
          {entries.map(({ choice, title }) => (
            <li key={choice}>
              <Link
                to={{ search: categorySearch(choice) }}
                preventScrollReset
                className={styles.entry}
                aria-current={chosen === choice ? 'true' : undefined}
                onClick={() => choose(choice)}
                data-early={`category-${choice}`}
              >
                <span>{title}</span>
                <span className={styles.count} aria-hidden="true">
                  {counts.get(choice) ?? 0}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <ul id={listId} className={styles.list} aria-busy="true" aria-label={t('common:loading')}>
          {Array.from({ length: 7 }, (_, i) => (
            <li key={i} className={styles.placeholder}>
              <Skeleton height={20} width={`${80 - (i % 3) * 15}%`} />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
