/**
 * axe over a page or a part of it, at the level every spec holds the site to: WCAG 2.1 A and AA
 * and axe's best practices, failing on serious and critical violations only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every violation on the page (or inside `within`), each named with its impact and up to four places. */
export async function allViolations(page: Page, within?: string): Promise<string[]> {
  return (await violations(page, within)).map(describe);
}

/** The serious and critical violations on the page (or inside `within`). */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  return (await violations(page, within)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map(describe);
}

/**
 * axe-core run in the page itself, as its own documentation shows: the site draws no frames, so
 * there is nothing to gather from other documents. Axe's Playwright wrapper sent and compiled the
 * half-megabyte script twice per check and cost a check about 700 ms of CPU instead of 450.
 */
async function violations(page: Page, within?: string): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours are read as they are drawn: a button still fading into its enabled colours (a 0.2 s
  // transition) measured below the contrast it ends at. Endless animations (a spinner) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Only violations are asked for: the passes and the inapplicable rules, with every node they
  // looked at, are what makes a full report slow to build and to send back.
  const options: RunOptions = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
  return page.evaluate(async ([context, runOptions]) => {
    const { axe } = window as unknown as { axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } };
    return (await axe.run(context ?? document, runOptions)).violations;
  }, [within ?? null, options] as const);
}

const describe = (violation: Result) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(' | ')}`;
