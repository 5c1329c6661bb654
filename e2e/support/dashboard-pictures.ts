import type { Locator, Page } from '@playwright/test';
import { test } from './test.ts';

// Pictures and measures of the release dashboard (tests/release-dashboard.spec.ts), kept with the run's results.

/** Whether a select shows the whole text of its chosen option (measured in its own font, beside its padding and arrow). */
export function textFits(select: HTMLSelectElement): boolean {
  const style = getComputedStyle(select);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const text = context.measureText(select.selectedOptions[0]?.text ?? '').width;
  // The arrow takes about 24 px at the right.
  return text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 24 <= select.clientWidth;
}

/** The dashboard from the header to its last section, in a window as tall as that, so the fixed header is drawn once. */
export async function screenshot(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 900 });
  const bottom = () =>
    page.evaluate(
      () => window.scrollY + document.querySelector('[data-testid="release-dashboard"] > section:last-of-type')!.getBoundingClientRect().bottom + 32,
    );
  await page.setViewportSize({ width, height: Math.ceil(await bottom()) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath(name), clip: { x: 0, y: 0, width, height: Math.ceil(await bottom()) } });
}

/** One part of the dashboard at this width, drawn in a window as tall as the page so nothing scrolls under the fixed header. */
export async function sectionScreenshot(page: Page, section: Locator, width: number, name: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.setViewportSize({ width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await section.boundingBox())!;
  await page.screenshot({ path: test.info().outputPath(name), clip: { x: 0, y: Math.max(0, box.y - 16), width, height: Math.ceil(box.height + 32) } });
}
