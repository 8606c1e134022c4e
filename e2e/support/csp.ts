import type { BrowserContext } from "@playwright/test";

/** A Content-Security-Policy violation, as a document reported it. */
export type Violation = { directive: string; blocked: string; document: string };

/**
 * Collects every CSP violation in the context's pages, popups and frames (the CV frame, a
 * sandboxed document, included): the `securitypolicyviolation` events and the console errors
 * Chromium writes for them.
 */
export async function watchViolations(context: BrowserContext): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeBinding("__reportCspViolation", (_source, violation: Violation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: unknown) => void })
        .__reportCspViolation;
      report({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        document: event.documentURI,
      });
    });
  });
  context.on("console", (message) => {
    if (message.type() === "error" && /Content[ -]Security[ -]Policy/i.test(message.text())) {
      violations.push({
        directive: "console",
        blocked: message.text(),
        document: message.page()?.url() ?? "",
      });
    }
  });
  return violations;
}
