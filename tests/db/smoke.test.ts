// @vitest-environment node
import { describe, expect, it } from "vitest";
import { companies, jobs } from "@/lib/server/db/schema";
import { setUpTestDatabase } from "@/tests/support/database";
import { runsConcurrently } from "@/lib/server/db/client";

const handle = setUpTestDatabase();

describe("schema", () => {
  it("stores a job and rejects an unknown department", async () => {
    const [company] = await handle.db
      .insert(companies)
      .values({ slug: "acme", name: "Acme" })
      .returning();
    const base = {
      slug: "video-editor",
      companyId: company!.id,
      title: "Video Editor",
      department: "design",
      region: "remote",
      type: "full-time",
      location: "Remote",
      description: "Edit long-form **YouTube** videos.",
      applyUrl: "https://acme.example/jobs/1",
      publishedAt: new Date("2025-01-01T00:00:00Z"),
      expiresAt: new Date("2025-03-01T00:00:00Z"),
    };
    const [job] = await handle.db.insert(jobs).values(base).returning();
    expect(job).toMatchObject({ title: "Video Editor", status: "open", sponsored: false });
    await expect(
      handle.db.insert(jobs).values({ ...base, department: "astrology" }),
    ).rejects.toThrow();
  });
});

describe("the connection", () => {
  it("runs statements at once on a PostgreSQL server only", async () => {
    expect(runsConcurrently(handle.db)).toBe(handle.kind === "postgres");
  });
});
