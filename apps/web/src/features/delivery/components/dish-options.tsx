import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { chooseOptions, defaultOptionIds, optionsPrice, textIn, type DishOption, type OptionGroup, type Product } from '@hotel/domain';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Modal } from '../../../shared/ui';
import styles from './dish-options.module.css';

interface DishOptionsProps {
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen options, in the dish's order, as the cart keeps them. */
  onAdd: (options: DishOption[]) => void;
}

/** The small dialog of a dish with options (issue 24): a portion size (one of), additions (up to N), the price with them. */
export function DishOptions({ product, open, onOpenChange, onAdd }: DishOptionsProps) {
  const { t } = useTranslation(['restaurant', 'common']);
  const { language } = useLanguage();
  const groups = product.option_groups;
  const [chosen, setChosen] = useState<number[]>(() => defaultOptionIds(groups));
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const picked = groups.flatMap((group) => group.options).filter((option) => chosen.includes(option.id));
  const price = product.price + optionsPrice(picked);
  const valid = chooseOptions(groups, chosen).ok;

  const pickIn = (group: OptionGroup) => chosen.filter((id) => group.options.some((option) => option.id === id));
  function toggle(group: OptionGroup, id: number) {
    const others = chosen.filter((c) => !group.options.some((option) => option.id === c));
    if (group.kind === 'one') return setChosen([...others, id]);
    const mine = pickIn(group);
    setChosen(mine.includes(id) ? chosen.filter((c) => c !== id) : mine.length < group.max ? [...chosen, id] : chosen);
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={textIn(product.name, language)}
      description={t('restaurant:options.lead')}
      size="small"
      footer={
        <Button
          fullWidth
          disabled={!valid}
          onClick={() => {
            onAdd(picked);
            onOpenChange(false);
          }}
          data-testid="options-add"
        >
          {t('restaurant:options.add', { price: money(price) })}
        </Button>
      }
    >
      <div className={styles.groups} data-testid="dish-options">
        {groups.map((group) => {
          const mine = pickIn(group);
          return (
            <fieldset key={group.id} className={styles.group}>
              <legend className={styles.legend}>
                {textIn(group.name, language)}
                <span className={styles.rule}>{group.kind === 'one' ? t('restaurant:options.oneOf') : t('restaurant:options.upTo', { count: group.max })}</span>
              </legend>
              {group.options.map((option) => {
                const checked = chosen.includes(option.id);
                const full = group.kind === 'any' && !checked && mine.length >= group.max;
                return (
                  <label key={option.id} className={styles.option} data-disabled={full || undefined}>
                    <input
                      type={group.kind === 'one' ? 'radio' : 'checkbox'}
                      name={`group-${product.id}-${group.id}`}
                      checked={checked}
                      disabled={full}
                      onChange={() => toggle(group, option.id)}
                    />
                    <span className={styles.name}>{textIn(option.name, language)}</span>
                    <span className={styles.price}>{option.price > 0 ? `+${money(option.price)}` : ''}</span>
                  </label>
                );
              })}
            </fieldset>
          );
        })}
      </div>
    </Modal>
  );
}
