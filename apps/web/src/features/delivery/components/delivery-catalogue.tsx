/**
 * The delivery catalogue (DEL-01..11): category sidebar, search, product grid. The menu is the
 * shared GET delivery/products/ query; categories come from the products, in menu order.
 * Prerendered pages show the skeleton; the dishes load in the browser.
 */
import { useDeferredValue, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSearchParams } from 'react-router';
import { CATALOGUE_SEARCH_DEBOUNCE_MS, CATALOGUE_SEARCH_MIN, type Product } from '@hotel/domain';
import { useMenu } from '../../../shared/menu/get-menu';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button } from '../../../shared/ui';
import { takeEarlyText } from '../../../shared/hydration/early-taps';
import { useDebouncedText } from '../hooks/use-debounced-text';
import { categoryFromSearch, filterProducts, isSearchTooShort, menuCategories, searchTerm, type CategoryChoice } from '../lib/filter-products';
import { CategoryNav } from './category-nav';
import { MenuSearch } from './menu-search';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import styles from './delivery-catalogue.module.css';

const SKELETON_CARDS = 6;
/** The search box's name for the letters typed before the app is live (public/boot.js). */
const EARLY_SEARCH = 'menu-search';

export function DeliveryCatalogue({ headingId }: { headingId: string }) {
  const { t } = useTranslation('restaurant');
  const { language } = useLanguage();
  const menu = useMenu();
  // The chosen category is the address's (`?category=ID`): the categories are links, which the
  // server draws filtered without scripts (apps/api's modules/delivery/page-data.ts).
  const [params, setParams] = useSearchParams();
  const chosen = categoryFromSearch(params);
  const search = useDebouncedText(CATALOGUE_SEARCH_DEBOUNCE_MS);
  const searchBox = useRef<HTMLInputElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const { setText } = search;
  // Letters typed into the drawn page before the app was live are in the box, not in the state:
  // the search takes them as it takes over (issue 48, point 12; decision 029).
  useLayoutEffect(() => {
    const typed = takeEarlyText(EARLY_SEARCH) || searchBox.current?.value;
    if (typed) setText(typed);
  }, [setText]);

  // Thirty-odd dish cards are the page's heaviest render. Deferred, they are drawn at transition
  // priority when the menu arrives: React yields to the browser every few milliseconds instead of
  // holding the main thread (and a tap) for the whole grid; the skeleton stays until then.
  const products = useDeferredValue(menu.data);
  const categories = useMemo(() => (products ? menuCategories(products) : null), [products]);
  // A category that a newer menu no longer has falls back to the whole menu.
  const category = chosen !== 'all' && categories && !categories.some((c) => c.id === chosen) ? 'all' : chosen;
  const counts = useMemo(() => countByCategory(products ?? []), [products]);
  const shown = useMemo(
    () => (products ? filterProducts(products, { category, search: search.settled, language }) : []),
    [products, category, search.settled, language],
  );

  const categoryTitle = category === 'all' ? null : (categories?.find((c) => c.id === category)?.title[language] ?? null);
  const term = searchTerm(search.settled);
  // The hint follows the box as it is typed in; the count waits for the filter it describes.
  const status = isSearchTooShort(search.text)
    ? t('delivery.catalogue.search.tooShort', { min: CATALOGUE_SEARCH_MIN })
    : term !== null && products
      ? t('delivery.catalogue.search.found', { total: shown.length })
      : '';

  // Called as a category's link is followed (the link changes the address).
  function choose() {
    // A guest who picks a category far down a long list would otherwise be left looking at the
    // end of a shorter one, or at the footer.
    const list = top.current;
    if (list && list.getBoundingClientRect().top < parseFloat(getComputedStyle(list).scrollMarginTop || '0')) {
      list.scrollIntoView?.({ block: 'start' });
    }
  }

  function refocusSearch() {
    searchBox.current?.focus();
  }

  let body: ReactNode;
  if (!products) {
    body = menu.isError ? (
      <div className={styles.notice} role="alert" data-testid="catalogue-error">
        <p>{t('delivery.catalogue.error')}</p>
        <Button variant="outline" loading={menu.isFetching} onClick={() => void menu.refetch()}>
          {t('common:button.retry')}
        </Button>
      </div>
    ) : (
      <ProductGridSkeleton count={SKELETON_CARDS} label={t('common:loading')} />
    );
  } else if (products.length === 0) {
    body = (
      <div className={styles.notice} data-testid="catalogue-empty">
        <p>{t('delivery.catalogue.menuEmpty')}</p>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <div className={styles.notice} data-testid="catalogue-nothing-found">
        <h3 className={styles.noticeTitle}>{t('delivery.catalogue.empty.title')}</h3>
        <p>
          {categoryTitle === null
            ? t('delivery.catalogue.empty.all', { query: term })
            : t('delivery.catalogue.empty.category', { query: term, category: categoryTitle })}
        </p>
        <div className={styles.noticeActions}>
          <Button
            variant="outline"
            onClick={() => {
              search.clear();
              refocusSearch();
            }}
          >
            {t('delivery.catalogue.empty.reset')}
          </Button>
          {categoryTitle !== null && (
            <Button
              variant="secondary"
              onClick={() => {
                setParams({}, { preventScrollReset: true });
                refocusSearch();
              }}
            >
              {t('delivery.catalogue.empty.everywhere')}
            </Button>
          )}
        </div>
      </div>
    );
  } else {
    body = <ProductGrid products={shown} showCategory={category === 'all'} />;
  }

  return (
    <div className={styles.layout} data-testid="delivery-catalogue">
      <CategoryNav categories={categories} counts={counts} chosen={category} onChoose={choose} />
      <div ref={top} className={styles.main}>
        <MenuSearch
          ref={searchBox}
          earlyName={EARLY_SEARCH}
          value={search.text}
          onChange={search.setText}
          onClear={() => {
            search.clear();
            refocusSearch();
          }}
          status={status}
        />
        <h2 id={headingId} className={styles.heading}>
          {term === null
            ? (categoryTitle ?? t('delivery.catalogue.allTitle'))
            : categoryTitle === null
              ? t('delivery.catalogue.searchTitle', { query: term })
              : t('delivery.catalogue.searchTitleIn', { query: term, category: categoryTitle })}
        </h2>
        {body}
      </div>
    </div>
  );
}

function countByCategory(products: readonly Product[]): Map<CategoryChoice, number> {
  const counts = new Map<CategoryChoice, number>([['all', products.length]]);
  for (const { category } of products) counts.set(category.id, (counts.get(category.id) ?? 0) + 1);
  return counts;
}
