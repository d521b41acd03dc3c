import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { textIn, TEXT_MAX, productPriceSchema, textParts, type AdminCategory, type AdminProduct, type ProductUpdate } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Form } from '../../../shared/forms/form';
import { Input, Select, toast } from '../../../shared/ui';
import { useDeleteProduct, useSaveProduct } from '../api/menu';
import { kopecksFromText, stripLeadingZero, textFromKopecks } from '../../../shared/admin/price';
import { BilingualFields } from '../../../shared/admin/bilingual-fields';
import { FormFooter } from '../../../shared/admin/form-footer';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { ImageField, imageFileProblem } from '../../../shared/admin/image-field';
import styles from '../../../shared/admin/admin.module.css';
import { draftOf, groupsOf, OptionGroupsEditor, type DraftGroup } from './option-groups';

const productFormSchema = z.object({
  name: z.object(textParts(TEXT_MAX.name)),
  description: z.object(textParts(TEXT_MAX.description)),
  price: z.string().transform(kopecksFromText).pipe(productPriceSchema),
  category_id: z
    .string()
    .min(1, 'admin:validation.categoryRequired')
    .transform(Number),
  hidden: z.boolean(),
});
type ProductFormOutput = z.output<typeof productFormSchema>;

const sameText = (a: { ru: string; en: string }, b: { ru: string; en: string }) => a.ru === b.ru && a.en === b.en;

/** Only what changed is sent on an edit (ADM-35). */
function changedFields(product: AdminProduct, values: ProductFormOutput): ProductUpdate {
  const changed: ProductUpdate = {};
  if (!sameText(values.name, product.name)) changed.name = values.name;
  if (!sameText(values.description, product.description)) changed.description = values.description;
  if (values.price !== product.price) changed.price = values.price;
  if (values.category_id !== product.category.id) changed.category_id = values.category_id;
  if (values.hidden !== product.hidden) changed.hidden = values.hidden;
  return changed;
}

interface ProductFormProps {
  product?: AdminProduct;
  categories: AdminCategory[];
  onDone: () => void;
}

/** A dish's form (ADM-28..36): name and description in both languages, price > 0, category, picture, hidden. */
export function ProductForm({ product, categories, onDone }: ProductFormProps) {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const save = useSaveProduct();
  const remove = useDeleteProduct();
  const [image, setImage] = useState<File | null>(null);
  const imageProblem = imageFileProblem(image);
  const [confirming, setConfirming] = useState(false);
  const [optionDraft, setOptionDraft] = useState<DraftGroup[]>(() => draftOf(product?.option_groups ?? []));
  const [optionProblem, setOptionProblem] = useState<string | null>(null);
  const fail = (error: unknown) => toast.error(serverDetail(error) ?? t('admin:saveError'));

  const onSubmit = async (values: z.output<typeof productFormSchema>) => {
    if (imageProblem) return;
    const options = groupsOf(optionDraft);
    setOptionProblem(options.ok ? null : options.problem);
    if (!options.ok) return;
    // The groups are sent whole, and only when they changed.
    const before = groupsOf(draftOf(product?.option_groups ?? []));
    const optionsChanged = !before.ok || JSON.stringify(before.groups) !== JSON.stringify(options.groups);
    try {
      await save.mutateAsync(
        product
          ? { id: product.id, fields: { ...changedFields(product, values), ...(optionsChanged ? { option_groups: options.groups } : {}) }, image }
          : { fields: { ...values, option_groups: options.groups }, image },
      );
      toast.success(t('admin:saved'));
      onDone();
    } catch (error) {
      fail(error);
    }
  };

  async function onDelete() {
    if (!product) return;
    try {
      await remove.mutateAsync(product.id);
      toast.success(t('admin:deleted'));
      onDone();
    } catch (error) {
      fail(error);
    }
    setConfirming(false);
  }

  if (categories.length === 0) return <p className={styles.empty}>{t('admin:products.noCategories')}</p>;

  return (
    <>
      <Form schema={productFormSchema} options={{ defaultValues: {
      name: product?.name ?? { ru: '', en: '' },
      description: product?.description ?? { ru: '', en: '' },
      price: textFromKopecks(product?.price),
      category_id: product ? String(product.category.id) : '',
      hidden: product?.hidden ?? false,
    } }} className={styles.form} onSubmit={onSubmit} data-testid="product-form">
        {(form, error) => {
          const { errors, isSubmitting } = form.formState;
          return (
            <>
              <BilingualFields label={t('admin:products.name')} ru={form.register('name.ru')} en={form.register('name.en')} errors={errors.name} />
              <BilingualFields label={t('admin:products.description')} ru={form.register('description.ru')} en={form.register('description.en')} errors={errors.description} multiline />
              <div className={styles.pair}>
                <Input
                  label={t('admin:products.price')}
                  inputMode="decimal"
                  required
                  error={error('price')}
                  {...form.register('price', { onChange: (event: { target: HTMLInputElement }) => form.setValue('price', stripLeadingZero(event.target.value)) })}
                />
                <Select
                  label={t('admin:products.category')}
                  required
                  placeholder={t('admin:products.chooseCategory')}
                  options={categories.map((category) => ({ value: String(category.id), label: textIn(category.title, language) }))}
                  error={error('category_id')}
                  {...form.register('category_id')}
                />
              </div>
              <ImageField label={t('admin:products.image')} file={image} onChange={setImage} current={product?.image?.src ? `${product.image.src}?w=320` : null} error={imageProblem} />
              <OptionGroupsEditor value={optionDraft} onChange={setOptionDraft} error={optionProblem ? t(optionProblem) : undefined} />
              <label className={styles.check}>
                <input type="checkbox" {...form.register('hidden')} />
                <span>
                  {t('admin:products.hide')}
                  <span className={styles.hint}> — {t('admin:products.hideHint')}</span>
                </span>
              </label>
              <FormFooter
                editing={Boolean(product)}
                saving={isSubmitting}
                onCancel={onDone}
                onDelete={product && (() => setConfirming(true))}
                deleting={remove.isPending}
                deleteTestId="delete-product"
              />
            </>
          );
        }}
      </Form>
      {product && (
        <ConfirmDialog
          open={confirming}
          title={t('admin:products.deleteTitle')}
          confirmLabel={t('admin:delete')}
          busy={remove.isPending}
          onConfirm={() => void onDelete()}
          onClose={() => setConfirming(false)}
        >
          {t('admin:products.confirmDelete', { name: textIn(product.name, language) })}
        </ConfirmDialog>
      )}
    </>
  );
}
