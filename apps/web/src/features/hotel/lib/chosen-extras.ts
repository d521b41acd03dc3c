/**
 * The extras the guest chose (decision 044), priced with the domain's `priceExtra`, the server's own
 * function: the guests step, the payment summary and the booking's `expected_total` agree with the
 * server to the kopeck. An extra the room no longer offers is left out; a per-guest quantity above
 * the guests staying is brought down to them.
 */
import { extraQuantityMax, extrasTotal, priceExtra, type ExtraLine, type StayExtra } from '@hotel/domain';

export interface ExtraChoice {
  id: number;
  quantity: number;
}

export interface ChosenExtraLine extends ExtraLine {
  extra: StayExtra;
}

export function chosenExtraLines(offered: readonly StayExtra[] | undefined, choices: readonly ExtraChoice[], stay: { nights: number; guests: number }): ChosenExtraLine[] {
  if (!offered) return [];
  // In the room's order, whatever order they were chosen in.
  return offered.flatMap((extra) => {
    const choice = choices.find((item) => item.id === extra.id);
    if (!choice) return [];
    const quantity = Math.min(choice.quantity, extraQuantityMax(extra.counts, stay));
    return quantity > 0 ? [{ extra, ...priceExtra(extra, quantity, stay) }] : [];
  });
}

export { extrasTotal };
