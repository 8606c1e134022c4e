// @vitest-environment node
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_PAGE_PER_TEMPLATE } from "@/e2e/routes";
import { routes } from "@/lib/routes";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { companies, jobs } from "@/lib/server/db/schema";
import { seedSampleBoard } from "@/lib/server/sample-board/seed";
import { folderLogoStore } from "@/features/companies/server/logo-store";
import { startServer, type RunningServer } from "@/tests/server/harness";
import { templateDataDir } from "@/tests/support/database";
import { setUpTempFileStores } from "@/tests/support/files";

/*
 * Every kind of public page, as the production server sends it to a visitor without JavaScript,
 * checked by the Nu Html Checker (the W3C validator's engine, vnu-jar): no errors. All pages go
 * through one run of the checker (one JVM start); its warnings are printed by kind.
 */

/** The checker, from the vnu-jar package (Java is a system package: scripts/ensure-system-deps.sh). */
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

type Message = {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
};

let server: RunningServer;
let dataDir: string;
const { logoDir } = setUpTempFileStores();
let pagesDir: string;
/** Each page checked: its path, the status it must answer with, and the file it is saved in. */
const pages: { path: string; status: number; file: string }[] = [];

beforeAll(async () => {
  dataDir = await templateDataDir();
  pagesDir = mkdtempSync(join(tmpdir(), "html-check-pages-"));
  const setup = connectPglite(dataDir);
  // A small sample board, as of now: open jobs, companies with logos, talent profiles.
  await seedSampleBoard(
    setup.db,
    { jobs: 40, companies: 20, now: new Date() },
    folderLogoStore(logoDir),
  );
  const [job] = await setup.db
    .select({ id: jobs.id, slug: jobs.slug, company: companies.slug })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.status, "open"), sql`${jobs.expiresAt} > now()`))
    .orderBy(jobs.id)
    .limit(1);
  await setup.close();

  const paths = [
    ...ONE_PAGE_PER_TEMPLATE,
    routes.job(`${job!.id}-${job!.slug}`),
    routes.company(job!.company),
    "/blog?tag=careers",
    // A search read with a typo ("Showing results for"), and one that finds nothing ("Did you mean").
    "/?q=yt+edtor",
    "/?q=fotoshopp",
  ];
  pages.push(
    ...paths.map((path) => ({ path, status: 200, file: "" })),
    // An alert's unsubscribe page, reached without its signed token.
    { path: "/unsubscribe", status: 400, file: "" },
    { path: "/no-such-page", status: 404, file: "" },
  );
  pages.forEach((page, index) => {
    page.file = join(pagesDir, `${index}-${page.path.replace(/[^a-z0-9]+/gi, "-")}.html`);
  });
  server = await startServer({ database: { dataDir }, env: { LOGO_DIR: logoDir } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of [dataDir, pagesDir]) {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
});

/** The checker's messages about `files`, from one run. */
async function check(files: string[]): Promise<Message[]> {
  const { stdout } = await promisify(execFile)(
    "java",
    ["-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { messages: Message[] }).messages;
}

describe("every kind of public page, as served", () => {
  it("checks clean in the Nu Html Checker", async () => {
    for (const [index, page] of pages.entries()) {
      const response = await fetch(server.url + page.path, {
        headers: { "x-forwarded-for": `10.78.0.${index + 1}` },
      });
      expect(response.status, page.path).toBe(page.status);
      expect(response.headers.get("content-type"), page.path).toMatch(/^text\/html/);
      writeFileSync(page.file, await response.text());
    }

    const messages = await check(pages.map((page) => page.file));
    const pathOf = (url = "") =>
      pages.find((page) => basename(page.file) === basename(url))?.path ?? url;
    const isWarning = (message: Message) =>
      message.type === "info" && message.subType === "warning";

    /** Each kind of warning: how many, and on which pages. */
    const warnings = new Map<string, { count: number; on: Set<string> }>();
    for (const message of messages.filter(isWarning)) {
      const kind = warnings.get(message.message) ?? { count: 0, on: new Set<string>() };
      kind.count += 1;
      kind.on.add(pathOf(message.url));
      warnings.set(message.message, kind);
    }
    const errors = messages
      .filter((message) => message.type !== "info")
      .map(
        (message) =>
          `${pathOf(message.url)}:${message.lastLine ?? "?"}:${message.firstColumn ?? "?"} ` +
          `${message.message}\n    ${message.extract ?? ""}`,
      );
    console.log(
      [
        `Nu Html Checker: ${pages.length} pages, ${errors.length} errors, ` +
          `${messages.filter(isWarning).length} warnings`,
        ...[...warnings].map(([kind, { count, on }]) => {
          const some = [...on].slice(0, 4).join(", ") + (on.size > 4 ? ", …" : "");
          return `  ${count} × ${kind} (on ${on.size} pages: ${some})`;
        }),
      ].join("\n"),
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
