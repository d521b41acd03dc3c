/**
 * A dish's options (issue 24, point 3): groups such as the portion size (one of) or additions (any
 * of, up to a number), each option with what it adds to the dish's price, in kopecks. The server
 * prices an order's line as the dish plus its chosen options and refuses options that are not the
 * dish's or break a group's rule; the dish card and the cart use the same rules. No zod here: the
 * menu's first visit loads none.
 */
import type { Kopecks } from '../money';
import type { LocalizedText } from '../schemas/common';

/** `one`: exactly one of the group (a portion size); `any`: none up to `max` of it (additions). */
export const OPTION_GROUP_KINDS = ['one', 'any'] as const;
export type OptionGroupKind = (typeof OPTION_GROUP_KINDS)[number];


export interface DishOption {
  id: number;
  name: LocalizedText;
  /** What the option adds to the dish's price (kopecks, 0 or more). */
  price: Kopecks;
}

export interface OptionGroup {
  id: number;
  name: LocalizedText;
  kind: OptionGroupKind;
  /** How many may be chosen: 1 for `one`, 1 or more for `any`. */
  max: number;
  options: DishOption[];
}

/** An option as an order line keeps it: named and priced as it was when ordered. */
export interface ChosenOption {
  id: number;
  group: LocalizedText;
  name: LocalizedText;
  price: Kopecks;
}

/** Why chosen options are refused: not the dish's, none of a `one` group, more than a group allows. */
export type OptionProblem =
  | { kind: 'unknown'; ids: number[] }
  | { kind: 'missing'; group: OptionGroup }
  | { kind: 'too_many'; group: OptionGroup };

/** The options of a line, in the dish's order, or why they are refused. */
export function chooseOptions(groups: readonly OptionGroup[], ids: readonly number[]): { ok: true; chosen: ChosenOption[] } | { ok: false; problem: OptionProblem } {
  const wanted = new Set(ids);
  const known = new Set(groups.flatMap((group) => group.options.map((option) => option.id)));
  const unknown = [...wanted].filter((id) => !known.has(id));
  if (unknown.length > 0 || wanted.size !== ids.length) return { ok: false, problem: { kind: 'unknown', ids: unknown.length > 0 ? unknown : [...ids] } };
  const chosen: ChosenOption[] = [];
  for (const group of groups) {
    const picked = group.options.filter((option) => wanted.has(option.id));
    if (group.kind === 'one' && picked.length === 0 && group.options.length > 0) return { ok: false, problem: { kind: 'missing', group } };
    if (picked.length > (group.kind === 'one' ? 1 : group.max)) return { ok: false, problem: { kind: 'too_many', group } };
    chosen.push(...picked.map((option) => ({ id: option.id, group: group.name, name: option.name, price: option.price })));
  }
  return { ok: true, chosen };
}

/** The English detail of a refusal (the web says it in the guest's language by `kind`). */
export function optionProblemDetail(productId: number, problem: OptionProblem): string {
  switch (problem.kind) {
    case 'unknown':
      return `Option ${problem.ids.join(', ')} is not one of the options of dish ${productId}`;
    case 'missing':
      return `Choose one of "${problem.group.name.en || problem.group.name.ru}" for dish ${productId}`;
    case 'too_many':
      return `At most ${problem.group.kind === 'one' ? 1 : problem.group.max} of "${problem.group.name.en || problem.group.name.ru}" for dish ${productId}`;
  }
}

/** The options chosen by default in the dish's dialog: the first of each `one` group. */
export function defaultOptionIds(groups: readonly OptionGroup[]): number[] {
  return groups.flatMap((group) => (group.kind === 'one' && group.options[0] ? [group.options[0].id] : []));
}

/**
 * Ids for the options and groups staff save: those kept keep theirs, new ones get the next free
 * numbers of the dish, so a cart naming an option still names the same one.
 */
export function numberOptionGroups(
  groups: readonly (Omit<OptionGroup, 'id' | 'options'> & { id?: number | undefined; options: (Omit<DishOption, 'id'> & { id?: number | undefined })[] })[],
  previous: readonly OptionGroup[],
): OptionGroup[] {
  const known = new Set(previous.flatMap((group) => [group.id, ...group.options.map((option) => option.id)]));
  let next = Math.max(0, ...known, ...groups.flatMap((group) => [group.id ?? 0, ...group.options.map((option) => option.id ?? 0)])) + 1;
  const used = new Set<number>();
  const idOf = (id: number | undefined) => {
    if (id !== undefined && known.has(id) && !used.has(id)) {
      used.add(id);
      return id;
    }
    used.add(next);
    return next++;
  };
  return groups.map((group) => ({
    id: idOf(group.id),
    name: group.name,
    kind: group.kind,
    max: group.kind === 'one' ? 1 : group.max,
    options: group.options.map((option) => ({ id: idOf(option.id), name: option.name, price: option.price })),
  }));
}
