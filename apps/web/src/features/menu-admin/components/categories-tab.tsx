import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { textIn, textParts, CATEGORY_NOT_EMPTY_DETAIL, TEXT_MAX, type AdminCategory } from '@hotel/domain';
import { ApiError, serverDetail } from '../../../shared/api/client';
import { Form, type FormMethods } from '../../../shared/forms/form';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Input, Spinner, toast } from '../../../shared/ui';
import { useAdminCategories, useDeleteCategory, useSaveCategory } from '../api/menu';
import { ConfirmDialog, useConfirmation } from '../../../shared/admin/confirm-dialog';
import styles from '../../../shared/admin/admin.module.css';

const categoryFormSchema = z.object({ title: z.object(textParts(TEXT_MAX.title)) });
type CategoryFormSchema = typeof categoryFormSchema;

const emptyTitle = { ru: '', en: '' };

/** Changing a category fills the form with its title; leaving it (saved, cancelled, deleted) empties it. */
function FollowEditing({ form, editing }: { form: FormMethods<CategoryFormSchema>; editing: AdminCategory | null }) {
  useEffect(() => {
    form.reset({ title: editing?.title ?? emptyTitle });
  }, [editing, form]);
  return null;
}

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

  async function submit(values: z.output<CategoryFormSchema>, form: FormMethods<CategoryFormSchema>) {
    try {
      await save.mutateAsync({ id: editing?.id, body: values });
      toast.success(t('admin:saved'));
      form.reset({ title: emptyTitle });
      setEditing(null);
    } catch (error) {
      toast.error(serverDetail(error) ?? t('admin:saveError'));
    }
  }

  async function onDelete(category: AdminCategory) {
    try {
      await remove.mutateAsync(category.id);
      if (editing?.id === category.id) setEditing(null);
      toast.success(t('admin:deleted'));
    } catch (error) {
      const notEmpty = error instanceof ApiError && error.detail === CATEGORY_NOT_EMPTY_DETAIL;
      toast.error(notEmpty ? t('admin:categories.notEmpty') : t('admin:deleteError'));
    }
    deleting.close();
  }

  return (
    <div>
      <Form
        schema={categoryFormSchema}
        options={{ defaultValues: { title: emptyTitle } }}
        className={styles.inlineForm}
        onSubmit={submit}
        data-testid="category-form"
      >
        {(form, error) => (
          <>
            <FollowEditing form={form} editing={editing} />
            <Input label={`${t('admin:categories.title')} · ${t('admin:language.ru')}`} required error={error('title.ru')} {...form.register('title.ru')} />
            <Input label={`${t('admin:categories.title')} · ${t('admin:language.en')}`} error={error('title.en')} {...form.register('title.en')} />
            <div className={styles.inlineButtons}>
              <Button type="submit" disabled={form.watch('title.ru').trim() === ''} loading={save.isPending}>
                {editing ? t('admin:categories.save') : t('admin:categories.create')}
              </Button>
              {editing && (
                <Button variant="clearly" onClick={() => setEditing(null)}>
                  {t('admin:categories.cancel')}
                </Button>
              )}
            </div>
          </>
        )}
      </Form>
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
                <Button size="sm" variant="outline" onClick={() => setEditing(category)}>
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
