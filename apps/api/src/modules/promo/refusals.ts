/** Why a promo code is refused, in both languages: the server's detail (decision 043). The web words `promo_refusal` itself. */
import type { PromoRefusal } from '@hotel/domain';

export const PROMO_REFUSAL_DETAILS: Record<PromoRefusal, { en: string; ru: string }> = {
  unavailable: { en: 'This promo code cannot be used', ru: 'Этот промокод нельзя применить' },
  inactive: { en: 'This promo code is not active', ru: 'Этот промокод не действует' },
  not_started: { en: 'This promo code is not valid yet', ru: 'Этот промокод ещё не действует' },
  expired: { en: 'This promo code has expired', ru: 'Срок действия промокода истёк' },
  not_for_this: { en: 'This promo code is not for this purchase', ru: 'Этот промокод не для этой покупки' },
  stay_outside: { en: 'This promo code is not for stays on these dates', ru: 'Этот промокод не для проживания в эти даты' },
  below_minimum: { en: 'The amount is below the promo code’s minimum', ru: 'Сумма меньше минимальной для этого промокода' },
  used_up: { en: 'This promo code has been used up', ru: 'Этот промокод уже израсходован' },
  used_by_you: { en: 'You have already used this promo code', ru: 'Вы уже использовали этот промокод' },
};
