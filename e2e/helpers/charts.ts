import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The spec's chart error text. */
export const chartError = 'An unknown error occurred.';

/** Waits until every chart on the page has settled: drawn, empty or failed (no spinner left). */
export async function chartsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const figures = [...document.querySelectorAll('[role="figure"]')];
    return (
      figures.length > 0 &&
      figures.every(
        (f) =>
          f.querySelector('[data-testid="chart-canvas"] canvas') ||
          f.querySelector('[data-testid="chart-empty"]') ||
          f.querySelector('[data-testid="chart-error"]'),
      )
    );
  });
}

/**
 * The page shows `count` charts, each drew data (a canvas and a legend with its series) and none shows
 * the empty or the error message; `where` names the page in failure messages.
 */
export async function expectChartsDrawn(page: Page, where: string, count: number): Promise<void> {
  await chartsSettled(page);
  const figures = page.getByRole('figure');
  expect(await figures.count(), where).toBe(count);
  for (let i = 0; i < count; i++) {
    const figure = figures.nth(i);
    const title = (await figure.getAttribute('aria-label')) ?? '';
    expect(await figure.getByTestId('chart-error').count(), `${where}: ${title} failed`).toBe(0);
    expect(await figure.getByTestId('chart-empty').count(), `${where}: ${title} is empty`).toBe(0);
    expect(await figure.locator('[data-testid="chart-canvas"] canvas').count(), `${where}: ${title}`).toBe(1);
    const series = figure.getByRole('group', { name: `Series of ${title}` }).getByRole('button');
    expect(await series.count(), `${where}: ${title} has no series`).toBeGreaterThan(0);
  }
  expect(await page.getByText(chartError).count(), `${where}: error text`).toBe(0);
}
