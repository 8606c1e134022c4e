import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The page's serious and critical axe violations, named so a failure says where. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}
