import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.2 A/AA rule sets the portal is held to (axe tags). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Impacts that fail the scan; minor and moderate findings are left to review. */
const failingImpacts = new Set(['serious', 'critical']);

/** One serious or critical violation on one element of one page. */
export interface AxeFinding {
  page: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * Runs axe on the page's current document and answers its serious and critical violations, one per
 * element. axe is injected once per document (a client-side navigation keeps it). The app's CSP
 * (script-src 'self') blocks an inline <script> (page.addScriptTag), so the source is evaluated through
 * the DevTools protocol instead, which CSP does not govern; the page is scanned under its real policy.
 */
export async function scanPage(page: Page, label: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) =>
          results.violations.map((v) => ({
            id: v.id,
            impact: v.impact ?? '',
            nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
          })),
        ),
    wcagTags,
  );
  return violations
    .filter((v) => failingImpacts.has(v.impact))
    .flatMap((v) =>
      v.nodes.map((n) => ({ page: label, rule: v.id, impact: v.impact, target: n.target, summary: n.summary })),
    );
}

/** One line per finding, for a failure message a person can act on. */
export function formatFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `${f.page}: ${f.rule} (${f.impact}) at ${f.target}\n    ${f.summary.replace(/\n\s*/g, ' | ')}`)
    .join('\n');
}
