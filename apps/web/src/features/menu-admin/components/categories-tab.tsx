import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn, CATEGORY_NOT_EMPTY_DETAIL, type AdminCategory } from '@hotel/domain';
import { ApiError, serverDetail } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Spinner, toast } from '../../../shared/ui';
import { useAdminCategories, useDeleteCategory, useSaveCategory } from '../api/menu';
import { ConfirmDialog, useConfirmation } from '../../../shared/admin/confirm-dialog';
import styles from '../../../shared/admin/admin.module.css';

/**
 * The Categories tab (ADM-37..41): one form that creates, or saves the category being changed
 * (with a cancel button), and the list with change and delete.
 */
export function CategoriesTab() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const categories = useAdminCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const deleting = useConfirmation<AdminCategory>();
  const [title, setTitle] = useState({ ru: '', en: '' });
  const blank = title.ru.trim() === '';

  function reset() {
    setEditing(null);
    setTitle({ ru: '', en: '' });
  }

  function startEditing(category: AdminCategory) {
    setEditing(category);
    setTitle(category.title);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank) return;
    try {
      await save.mutateAsync({ id: editing?.id, body: { title: { ru: title.ru.trim(), en: title.en.trim() } } });
      toast.success(t('admin:saved'));
      reset();
    } catch (error) {
      toast.error(serverDetail(error) ?? t('admin:saveError'));
    }
  }

  async function onDelete(category: AdminCategory) {
    try {
      await remove.mutateAsync(category.id);
      if (editing?.id === category.id) reset();
      toast.success(t('admin:deleted'));
    } catch (error) {
      const notEmpty = error instanceof ApiError && error.detail === CATEGORY_NOT_EMPTY_DETAIL;
      toast.error(notEmpty ? t('admin:categories.notEmpty') : t('admin:deleteError'));
    }
    deleting.close();
  }

  return (
    <div>
      <form className={styles.inlineForm} onSubmit={submit} noValidate data-testid="category-form">
        <Input label={`${t('admin:categories.title')} · ${t('admin:language.ru')}`} required value={title.ru} onChange={(e) => setTitle({ ...title, ru: e.target.value })} />
        <Input label={`${t('admin:categories.title')} · ${t('admin:language.en')}`} value={title.en} onChange={(e) => setTitle({ ...title, en: e.target.value })} />
        <div className={styles.inlineButtons}>
          <Button type="submit" disabled={blank} loading={save.isPending}>
            {editing ? t('admin:categories.save') : t('admin:categories.create')}
          </Button>
          {editing && (
            <Button variant="clearly" onClick={reset}>
              {t('admin:categories.cancel')}
            </Button>
          )}
        </div>
      </form>
      {categories.isPending && <Spinner />}
      {categories.isError && <p className={styles.error}>{t('admin:loadError')}</p>}
      {categories.data && categories.data.length === 0 && <p className={styles.empty}>{t('admin:categories.empty')}</p>}
      {categories.data && categories.data.length > 0 && (
        <ul className={styles.list} data-testid="admin-categories">
          {categories.data.map((category) => (
            <li key={category.id} className={styles.row}>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>{textIn(category.title, language)}</span>
                <span className={styles.rowSub}>
                  {language === 'ru' ? category.title.en || t('admin:language.noEnglish') : category.title.ru} · {t('admin:categories.dishes', { count: category.product_count })}
                </span>
              </span>
              <span className={styles.rowActions}>
                <Button size="sm" variant="outline" onClick={() => startEditing(category)}>
                  {t('admin:change')}
                </Button>
                <Button size="sm" variant="clearly" onClick={() => deleting.ask(category)}>
                  {t('admin:delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting.open}
        title={t('admin:categories.deleteTitle')}
        confirmLabel={t('admin:delete')}
        busy={remove.isPending}
        onConfirm={() => deleting.subject && void onDelete(deleting.subject)}
        onClose={deleting.close}
      >
        {deleting.subject && t('admin:categories.confirmDelete', { name: textIn(deleting.subject.title, language) })}
      </ConfirmDialog>
    </div>
  );
}
