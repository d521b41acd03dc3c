/** The period picker's choices: this month, last month, or a range of days. */
import { monthEnd, monthStart, previousMonth } from '@hotel/domain';

export const PRESETS = ['thisMonth', 'lastMonth', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export function presetPeriod(preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } {
  return preset === 'thisMonth' ? { from: monthStart(today), to: monthEnd(today) } : previousMonth(today);
}
