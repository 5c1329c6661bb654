import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '../support/test.ts';
import { localized, ROUTES, untilInteractive } from '../support/routes.ts';

// axe-core's WCAG 2.1 A and AA rules on every public screen and the sign-in page, at the two widths the design is
// checked at (a phone and a laptop), once the screen has its content: what a screen reader, a keyboard or a low-vision
// visitor would trip on.

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  for (const path of [...ROUTES.map((route) => route.path), '/auth']) {
    test(`${localized('en', path)} has no serious or critical WCAG 2.1 AA violation at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(localized('en', path));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await untilInteractive(page);
      await page.waitForLoadState('networkidle');
      // Evaluated through the browser's debugging protocol, which the page's content security policy does not govern.
      await page.evaluate(AXE);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
        const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return result.violations;
      });
      const serious = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id} (${violation.help}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join('; ')}`,
        );
      expect(serious).toEqual([]);
    });
  }
}
