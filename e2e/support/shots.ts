/**
 * Pictures of screens for a person to look at, taken only when E2E_SHOTS_DIR names a folder: a
 * full-page picture costs the browser about what loading the page again does, and a CI run has
 * nobody to look at it (a failing test keeps its own picture: `screenshot: 'only-on-failure'`).
 */
import path from 'node:path';
import { test, type Locator, type Page } from '@playwright/test';

const folder = process.env.E2E_SHOTS_DIR;

/** Saves `<name>-<project>.png` in E2E_SHOTS_DIR, if set; a page whole with `fullPage`. */
export async function lookAt(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!folder) return;
  const file = path.join(folder, `${name}-${test.info().project.name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage ?? false });
  else await target.screenshot({ path: file });
}
