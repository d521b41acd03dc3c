/**
 * The owner's reports (/admin/reports; issue 25, point 1), at 375 and 1280 px, in both languages:
 * the owner opens last month's report, switches a chart to its table and downloads its CSV.
 */
import { readFile } from 'node:fs/promises';
import { expect, gotoIn, test } from '../fixtures';
import { seriousViolations } from '../support/axe';
import { SUPERUSER } from '../support/admin';
import { login } from '../support/users';
import { lookAt } from '../support/shots';

/** Last month's first and last day on the hotel's clock (Europe/Minsk). */
function lastMonth(): { from: string; to: string; days: number } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Minsk' }).format(Date.now());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10), days: last.getUTCDate() };
}

test('the owner opens last month’s report, turns occupancy into its table and downloads its CSV, in Russian and English', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, SUPERUSER);
  const month = lastMonth();

  for (const [language, title, preset, table, header] of [
    ['ru', 'Отчёты', 'Прошлый месяц', 'Таблица', 'День,Продано ночей,Доступно,Загрузка'],
    ['en', 'Reports', 'Last month', 'Table', 'Day,Nights sold,Available,Occupancy'],
  ] as const) {
    await gotoIn(page, language, '/admin/reports');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The first report of a fresh server may take a while on a busy machine.
    await expect(page.getByTestId('report')).toBeVisible({ timeout: 30_000 });

    const asked = page.waitForResponse((response) => response.url().includes(`/api/v1/admin/reports/?from=${month.from}&to=${month.to}`));
    await page.getByTestId('report-preset').selectOption({ label: preset });
    expect((await asked).status()).toBe(200);
    await expect(page.getByTestId('report')).toHaveAttribute('aria-busy', 'false');

    const occupancy = page.getByTestId('figure-occupancy');
    await expect(occupancy.locator('canvas')).toBeVisible();
    await lookAt(page, `reports-${language}`, { fullPage: true });
    await occupancy.getByRole('button', { name: table }).click();
    await expect(occupancy.getByTestId('figure-table').locator('tbody tr')).toHaveCount(month.days);
    await lookAt(occupancy, `reports-table-${language}`);

    const download = page.waitForEvent('download');
    await occupancy.getByRole('button', { name: 'CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`occupancy-${month.from}-${month.to}.csv`);
    const lines = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(month.days + 1);
    expect(lines[1]).toMatch(new RegExp(`^${month.from},\\d+,\\d+,\\d\\.\\d{4}$`));

    expect(await seriousViolations(page, 'main')).toEqual([]);
  }
});
