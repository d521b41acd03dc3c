/**
 * A chart's numbers as CSV, as the payments page writes its own (UTF-8 with a byte-order mark so
 * spreadsheets read Cyrillic right; a cell that starts like a formula is defused with an apostrophe).
 */
export type CsvValue = string | number | null;

function csvCell(value: CsvValue): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvOf(header: string[], rows: CsvValue[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Kopecks as BYN with two decimals: 123456 → "1234.56". */
export const bynText = (kopecks: number) => `${kopecks < 0 ? '-' : ''}${Math.floor(Math.abs(kopecks) / 100)}.${String(Math.abs(kopecks) % 100).padStart(2, '0')}`;

export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
