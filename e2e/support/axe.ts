/**
 * axe over a page or a part of it, at the level every spec holds the site to: WCAG 2.1 A and AA
 * and axe's best practices, failing on serious and critical violations only.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The serious and critical violations on the page (or inside `within`), each named with up to four places. */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .withTags(TAGS)
    // Only violations are asked for: the passes and the inapplicable rules, with every node they
    // looked at, are what makes a full report slow to build and to send back.
    .options({ resultTypes: ['violations'] })
    // The site draws no frames, so axe runs in the page itself. The default runs it frame by
    // frame and then opens a blank page to merge the parts: about two thirds of each check's time.
    .setLegacyMode(true);
  if (within) builder.include(within);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 4).join(' | ')}`);
}
