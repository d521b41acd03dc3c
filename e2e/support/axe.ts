/**
 * axe over a page or a part of it, at the level every spec holds the site to: WCAG 2.1 A and AA
 * and axe's best practices, failing on serious and critical violations only.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Every violation on the page (or inside `within`), each named with its impact and up to four places. */
export async function allViolations(page: Page, within?: string): Promise<string[]> {
  return (await violations(page, within)).map(describe);
}

/** The serious and critical violations on the page (or inside `within`). */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  return (await violations(page, within)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map(describe);
}

async function violations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page })
    .withTags(TAGS)
    // Only violations are asked for: the passes and the inapplicable rules, with every node they
    // looked at, are what makes a full report slow to build and to send back.
    .options({ resultTypes: ['violations'] })
    // The site draws no frames, so axe runs in the page itself. The default runs it frame by
    // frame and then opens a blank page to merge the parts: about two thirds of each check's time.
    .setLegacyMode(true);
  if (within) builder.include(within);
  return (await builder.analyze()).violations;
}

const describe = (violation: Result) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(' | ')}`;
