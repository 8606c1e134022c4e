import { ESLint } from "eslint";

/*
 * The house's ESLint rules (eslint.config.mjs), run on small probe files through the project's own
 * configuration: each must fail the code it is there to refuse, and pass its allowed neighbour.
 * The probes are linted as text under a path; no file is written.
 */

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2)
    .map((message) => message.ruleId ?? message.message);
}

describe("the house's ESLint rules", () => {
  it("a feature imports no feature above it in FEATURE_LAYERS", async () => {
    expect(
      await ruleIds(
        "features/jobs/probe.ts",
        'import { loadCard } from "@/features/og/server/card-data";\nexport const probe = loadCard;\n',
      ),
    ).toContain("house/feature-imports");
  });

  it("a feature imports a lower feature through its entry points only", async () => {
    // features/jobs/search-synonyms.ts is no entry point of jobs: only its own search reads it.
    const inside = await ruleIds(
      "features/og/probe.ts",
      'import * as probe from "@/features/jobs/search-synonyms";\nexport { probe };\n',
    );
    expect(inside).toContain("house/feature-imports");
    const entry = await ruleIds(
      "features/og/probe.ts",
      'import { LISTINGS } from "@/features/jobs/listing-pages";\nexport const probe = LISTINGS;\n',
    );
    expect(entry).not.toContain("house/feature-imports");
  });

  it("shared code imports no feature", async () => {
    expect(
      await ruleIds(
        "lib/probe.ts",
        'import { LISTINGS } from "@/features/jobs/listing-pages";\nexport const probe = LISTINGS;\n',
      ),
    ).toContain("house/shared-imports-no-feature");
  });

  it("only the table's writers write it, by query builder or in SQL of their own", async () => {
    const builder = await ruleIds(
      "features/companies/server/probe.ts",
      'import { jobs } from "@/lib/server/db/schema";\nimport type { Database } from "@/lib/server/db/client";\n' +
        "export const probe = (db: Database) => db.update(jobs).set({ title: 'x' });\n",
    );
    expect(builder).toContain("house/table-writers");
    const raw = await ruleIds(
      "features/companies/server/probe.ts",
      'import { sql } from "drizzle-orm";\nimport { jobs } from "@/lib/server/db/schema";\n' +
        "export const probe = sql`UPDATE ${jobs} SET title = 'x'`;\n",
    );
    expect(raw).toContain("house/table-writers");
    const read = await ruleIds(
      "features/companies/server/probe.ts",
      'import { sql } from "drizzle-orm";\nimport { jobs } from "@/lib/server/db/schema";\n' +
        "export const probe = sql`SELECT id FROM ${jobs}`;\n",
    );
    expect(read).not.toContain("house/table-writers");
  });

  it("browser code writes no /api/ path by hand", async () => {
    expect(
      await ruleIds("features/jobs/hooks/probe.ts", 'export const probe = "/api/jobs";\n'),
    ).toContain("no-restricted-syntax");
  });

  it("a lib/server folder imports no layer above its own", async () => {
    expect(
      await ruleIds(
        "lib/server/db/probe.ts",
        'import { getQueue } from "@/lib/server/queue/queue";\nexport const probe = getQueue;\n',
      ),
    ).toContain("import-x/no-restricted-paths");
  });
});
