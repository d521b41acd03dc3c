/** What staff type as an amount ("42,50", "42.5", "100") in kopecks, or null when it is not one. */
export function kopecksFromInput(text: string): number | null {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}

/** Kopecks as an amount field shows them: "42.50". */
export const inputFromKopecks = (kopecks: number) => (kopecks / 100).toFixed(2);
