import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";

/*
 * The Nu Html Checker (vnu-jar, the W3C validator's engine) on a screen as a person sees it:
 * the page's document after its scripts drew it (a signed-in screen's server HTML is only its
 * shell; tests/server/html-check.test.ts checks the public pages as served). Its errors, each
 * with the extract it is about; warnings are not errors.
 */

// Resolved from the project's root: Playwright loads this file as CommonJS (no import.meta).
const VNU_JAR = createRequire(join(process.cwd(), "package.json")).resolve(
  "vnu-jar/build/dist/vnu.jar",
);

type Message = {
  type: "error" | "info" | "non-document-error";
  lastLine?: number;
  message: string;
  extract?: string;
};

/** The checker's errors about the page's document as it stands, one string each. */
export async function nuCheckerErrors(page: Page): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "nu-check-"));
  try {
    // A screen whose code is still arriving is between two drawings: a page that had only its
    // server HTML when the test saw it can be re-drawn while a chunk loads, its head emptied by
    // Next.js until the page is back (a CI run caught /submit's <title> empty so). The document is
    // checked once nothing is loading; what is still wrong then is the page's, and reported.
    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
    const file = join(dir, "screen.html");
    await writeFile(file, await page.content());
    const { stdout } = await promisify(execFile)(
      "java",
      ["-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", file],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    return (JSON.parse(stdout) as { messages: Message[] }).messages
      .filter((message) => message.type !== "info")
      .map((message) => `${message.lastLine ?? "?"}: ${message.message} ${message.extract ?? ""}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
