// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/server/db/client";
import { buildSitemap } from "@/lib/server/sitemap";
import { createTestDatabase } from "@/tests/db/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

let handle: DatabaseHandle;
let openId: number;
let closedId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  const company = await insertCompany(handle.db, "acme", "Acme");
  const day = 86_400_000;
  openId = (
    await insertJob(handle.db, {
      title: "Open Editor",
      companyId: company.id,
      publishedAt: new Date(Date.now() - day),
      expiresAt: new Date(Date.now() + 30 * day),
    })
  ).id;
  closedId = (
    await insertJob(handle.db, { title: "Gone Editor", companyId: company.id, status: "filled" })
  ).id;
});

afterAll(async () => {
  await handle.close();
});

describe("buildSitemap", () => {
  it("lists public pages, listings, hiring companies and open jobs, but no sign-in pages or closed jobs", async () => {
    const xml = await buildSitemap(handle.db, "https://jobs.example.com");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain("https://jobs.example.com/");
    expect(locs).toContain("https://jobs.example.com/about");
    expect(locs).toContain("https://jobs.example.com/creator-economy-hiring-trends-report-q3-25");
    expect(locs).toContain("https://jobs.example.com/regions/south-america");
    expect(locs).toContain(`https://jobs.example.com/jobs/${openId}-open-editor`);
    expect(locs).toContain("https://jobs.example.com/companies/acme");
    expect(locs.some((loc) => loc!.includes("/sign-"))).toBe(false);
    expect(locs.some((loc) => loc!.includes("[") || loc!.includes(`/jobs/${closedId}-`))).toBe(
      false,
    );
  });
});
