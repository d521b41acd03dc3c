/**
 * A dish's option groups in its dialog (issue 24): a portion size (one of) or additions (any of, up
 * to N), each option named in both languages with what it adds to the price. Kept apart from the
 * dish's form fields and sent whole when changed; the server numbers new options.
 */
import { useTranslation } from '../../../shared/i18n';
import { OPTION_GROUPS_MAX, OPTIONS_PER_GROUP_MAX, type OptionGroup, type OptionGroupsInput } from '@hotel/domain';
import { Button, Input, Select } from '../../../shared/ui';
import { kopecksFromText, textFromKopecks } from '../../../shared/admin/price';
import styles from './option-groups.module.css';

export interface DraftOption {
  id?: number | undefined;
  ru: string;
  en: string;
  price: string;
}
export interface DraftGroup {
  id?: number | undefined;
  ru: string;
  en: string;
  kind: 'one' | 'any';
  max: string;
  options: DraftOption[];
}

export const draftOf = (groups: readonly OptionGroup[]): DraftGroup[] =>
  groups.map((group) => ({
    id: group.id,
    ru: group.name.ru,
    en: group.name.en,
    kind: group.kind,
    max: String(group.max),
    options: group.options.map((option) => ({ id: option.id, ru: option.name.ru, en: option.name.en, price: textFromKopecks(option.price) })),
  }));

/** The groups to send, or the translation key of the first problem. */
export function groupsOf(draft: readonly DraftGroup[]): { ok: true; groups: OptionGroupsInput } | { ok: false; problem: string } {
  const groups: OptionGroupsInput = [];
  for (const group of draft) {
    if (!group.ru.trim()) return { ok: false, problem: 'admin:options.nameRequired' };
    if (group.options.length === 0) return { ok: false, problem: 'admin:validation.optionsEmpty' };
    const max = Number(group.max);
    if (group.kind === 'any' && !(Number.isInteger(max) && max >= 1 && max <= OPTIONS_PER_GROUP_MAX)) return { ok: false, problem: 'admin:options.maxInvalid' };
    const options = [];
    for (const option of group.options) {
      if (!option.ru.trim()) return { ok: false, problem: 'admin:options.nameRequired' };
      const price = option.price.trim() === '' ? 0 : kopecksFromText(option.price);
      if (!Number.isInteger(price) || price < 0) return { ok: false, problem: 'admin:options.priceInvalid' };
      options.push({ ...(option.id ? { id: option.id } : {}), name: { ru: option.ru.trim(), en: option.en.trim() }, price });
    }
    groups.push({ ...(group.id ? { id: group.id } : {}), name: { ru: group.ru.trim(), en: group.en.trim() }, kind: group.kind, max: group.kind === 'one' ? 1 : max, options });
  }
  return { ok: true, groups };
}

export function OptionGroupsEditor({ value, onChange, error }: { value: DraftGroup[]; onChange: (next: DraftGroup[]) => void; error?: string | undefined }) {
  const { t } = useTranslation('admin');
  const setGroup = (index: number, change: Partial<DraftGroup>) => onChange(value.map((group, i) => (i === index ? { ...group, ...change } : group)));
  const setOption = (index: number, at: number, change: Partial<DraftOption>) =>
    setGroup(index, { options: value[index]!.options.map((option, i) => (i === at ? { ...option, ...change } : option)) });

  return (
    <fieldset className={styles.editor} data-testid="option-groups">
      <legend className={styles.legend}>{t('admin:options.title')}</legend>
      <p className={styles.hint}>{t('admin:options.hint')}</p>
      {value.map((group, index) => (
        <div key={group.id ?? `new-${index}`} className={styles.group} data-testid="option-group">
          <div className={styles.row}>
            <Input label={t('admin:options.groupName')} value={group.ru} onChange={(e) => setGroup(index, { ru: e.target.value })} />
            <Input label={t('admin:options.groupNameEn')} value={group.en} onChange={(e) => setGroup(index, { en: e.target.value })} />
          </div>
          <div className={styles.row}>
            <Select
              label={t('admin:options.kind')}
              value={group.kind}
              onChange={(e) => setGroup(index, { kind: e.target.value === 'one' ? 'one' : 'any' })}
              options={[
                { value: 'one', label: t('admin:options.kindOne') },
                { value: 'any', label: t('admin:options.kindAny') },
              ]}
            />
            {group.kind === 'any' && <Input label={t('admin:options.max')} inputMode="numeric" value={group.max} onChange={(e) => setGroup(index, { max: e.target.value })} />}
          </div>
          <ul className={styles.options}>
            {group.options.map((option, at) => (
              <li key={option.id ?? `new-${at}`} className={styles.option}>
                <Input label={t('admin:options.optionName')} value={option.ru} onChange={(e) => setOption(index, at, { ru: e.target.value })} />
                <Input label={t('admin:options.optionNameEn')} value={option.en} onChange={(e) => setOption(index, at, { en: e.target.value })} />
                <Input label={t('admin:options.price')} inputMode="decimal" value={option.price} onChange={(e) => setOption(index, at, { price: e.target.value })} />
                <Button
                  size="sm"
                  variant="clearly"
                  onClick={() => setGroup(index, { options: group.options.filter((_, i) => i !== at) })}
                  aria-label={t('admin:options.removeOption', { name: option.ru || '…' })}
                >
                  {t('admin:options.remove')}
                </Button>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="outline"
              disabled={group.options.length >= OPTIONS_PER_GROUP_MAX}
              onClick={() => setGroup(index, { options: [...group.options, { ru: '', en: '', price: '' }] })}
            >
              + {t('admin:options.addOption')}
            </Button>
            <Button size="sm" variant="clearly" onClick={() => onChange(value.filter((_, i) => i !== index))}>
              {t('admin:options.removeGroup')}
            </Button>
          </div>
        </div>
      ))}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button
        size="sm"
        variant="outline"
        disabled={value.length >= OPTION_GROUPS_MAX}
        onClick={() => onChange([...value, { ru: '', en: '', kind: 'one', max: '1', options: [{ ru: '', en: '', price: '' }] }])}
        data-testid="add-option-group"
      >
        + {t('admin:options.addGroup')}
      </Button>
    </fieldset>
  );
}
